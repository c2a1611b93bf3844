import { lazy, Suspense, useState } from 'react';
import { useToasts } from '../lib/toast';

const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

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
