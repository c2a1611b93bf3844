import { useSyncExternalStore } from 'react';
import { APP_HYDRATED_EVENT } from '../../shared/early-events';

// Whether the app has taken over the whole server-rendered page, its code-split page included.
let hydrated = false;

/** Called once the page's last part has hydrated (app/hydration-signal.tsx). */
export function markHydrated() {
  hydrated = true;
  // The page's early event contract (shared/early-events.ts) now does again what was clicked meanwhile.
  document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
}

export const isHydrated = () => hydrated;

function onHydrated(listener: () => void) {
  document.addEventListener(APP_HYDRATED_EVENT, listener);
  return () => document.removeEventListener(APP_HYDRATED_EVENT, listener);
}

/**
 * Whether the whole page has hydrated, as state: false in the server's render and the first render
 * in the browser, true from the moment the page's last part has hydrated. For work that changes the
 * address on its own (not at a person's click), which before then would load the page again
 * (navigateOnceHydrated) and lose what was typed meanwhile.
 */
export const useHydrated = () => useSyncExternalStore(onHydrated, isHydrated, () => false);

/**
 * How the app navigates (wouter's `aroundNav`, set in hydrate.tsx). Until the whole page has
 * hydrated, a navigation is a full page load, as the link or form would have done without the app:
 * a client-side navigation then would change the parts React has not hydrated yet, which it can
 * only throw away and render afresh (React error #418, the page's content flashing).
 */
export function navigateOnceHydrated(navigate: (to: string, options?: { replace?: boolean }) => void, to: string, options?: { replace?: boolean }) {
  if (hydrated) return navigate(to, options);
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
}
