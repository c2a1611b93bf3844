import { formatDate } from '../../shared/format';
import { useHydrated } from '../lib/use-hydrated';

/**
 * A date in the reader's time zone. The server does not know that zone, so a server render, and
 * the browser's hydration of it, write the UTC date; the reader's own follows at once. Otherwise a
 * review written near midnight would read one day on the server and another in the browser, and
 * React would report the page as not matching.
 */
export function LocalDate({ iso, className }: { iso: string; className?: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso} className={className}>{formatDate(iso, { utc: !hydrated })}</time>;
}
