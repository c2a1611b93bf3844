import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in a server render and while the browser hydrates it, true once the page's script runs.
 * For the few controls that only a page without JavaScript needs (a form's submit button whose
 * work the script does as each choice is made), so hiding them cannot upset hydration.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
