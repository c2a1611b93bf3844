import { lazy, Suspense, useState, type ComponentType } from 'react';
import { toastRegionUnavailable, useToasts } from '../lib/toast';

// Should the region's code not load (offline, or not served), the page goes on without toasts
// rather than failing the whole app, and what waits for a toast to show (a sign-in redirect) goes
// on at once.
const Toaster = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    return { default: (await import('../components/ui/toaster')).Toaster };
  } catch {
    toastRegionUnavailable();
    return { default: () => null };
  }
});

/**
 * The toasts' region, loaded with the first toast: its code (Radix Toast, with its own layers and
 * collections) is more than a first visit should carry for messages that follow a person's action.
 * Once loaded it stays, so later toasts show at once.
 */
export function Toasts() {
  const hasToasts = useToasts().length > 0;
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense>
      <Toaster />
    </Suspense>
  ) : null;
}
