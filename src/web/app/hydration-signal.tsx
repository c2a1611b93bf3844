import { useEffect } from 'react';
import { markHydrated } from '../lib/hydration';

/**
 * Says the page has hydrated. Rendered last inside the boundary the code-split page hydrates in
 * (routes.tsx): its effect runs once that boundary, the last part of the page to hydrate, has
 * committed. Renders nothing, on the server as in the browser.
 */
export function HydrationSignal() {
  useEffect(markHydrated, []);
  return null;
}
