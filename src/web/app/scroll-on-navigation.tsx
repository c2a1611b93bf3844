import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * A link followed inside the app opens the next page at its top, as a page the browser loads
 * does; without this, a link in the footer showed the foot of the next page. Back and Forward keep
 * the position the browser restores, and the first render keeps the one it arrived with (a reload,
 * an anchor). Changes of the query alone (filters, pages of results) are not navigations here: the
 * pagers scroll themselves.
 */
export function ScrollOnNavigation() {
  const [path] = useLocation();
  const shown = useRef(path);
  const returning = useReturning();

  // Before paint, so the next page is never seen at the old position.
  useLayoutEffect(() => {
    if (path === shown.current) return;
    shown.current = path;
    if (!returning()) window.scrollTo({ top: 0 });
  }, [path, returning]);

  return null;
}

/**
 * Whether the location changing now is a Back or Forward. React renders that change inside the
 * browser's popstate event, before listeners registered after the router's have run, so the event
 * itself is asked first; the flag covers a render that comes just after it. The browser restores
 * the position once the event is over.
 */
function useReturning() {
  const popped = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPopState = () => {
      popped.current = true;
      clearTimeout(timer);
      timer = setTimeout(() => (popped.current = false));
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      clearTimeout(timer);
    };
  }, []);
  return useCallback(() => window.event?.type === 'popstate' || popped.current, []);
}
