import { useLayoutEffect } from 'react';
import { markHydrated } from '../lib/hydration';

/**
 * Says the page has hydrated. Rendered last inside the boundary the code-split page hydrates in
 * (routes.tsx): its effect runs once that boundary, the last part of the page to hydrate, has
 * committed. A layout effect, so it runs before the page's own effects: one that navigates (the
 * filters applying a choice made before hydration) then navigates inside the app. Renders nothing,
 * on the server as in the browser.
 */
export function HydrationSignal() {
  useLayoutEffect(markHydrated, []);
  return null;
}
