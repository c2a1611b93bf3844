import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { compareHref, MAX_COMPARED, readCompareIds, returnPath, withCompareParam } from '../../shared/compare-ids';
import { useCompare } from '../features/compare/api/use-compare';
import { CompareCalculator, useCalculatorFields } from '../features/compare/components/compare-calculator';
import { CompareTable } from '../features/compare/components/compare-table';
import { ErrorState } from '../features/catalog/components/status-message';
import { replaceCompared } from '../lib/compare-store';
import { usePageMeta } from '../lib/page-meta';

const shell = 'mx-auto w-full max-w-7xl flex-1 space-y-6 px-4 py-8 sm:px-6 lg:px-8';
const link = 'font-medium text-primary underline';

/**
 * /compare?ids=: up to four listings side by side, with their partner programmes and the profit
 * at one shared price (or markup) and client count. The address holds the listings (a link to
 * share, working without the script) and `from`, the results the comparison was built from, which
 * its links go back to with their filters. With the script, the figures follow each keystroke and
 * the listings shown become the comparison kept in the browser (the tray on other pages).
 */
export function ComparePage() {
  usePageMeta('compare');
  const [params] = useSearchParams();
  const { kept, refused } = readCompareIds(params.get('ids'));
  const ids = [...kept].sort((a, b) => a - b);
  const from = returnPath(params.get('from'));
  const compare = useCompare(ids);
  const calculator = useCalculatorFields();
  const items = compare.data?.items ?? [];
  const keptIds = items.map((item) => item.listing.id);

  useEffect(() => {
    if (compare.data) replaceCompared(compare.data.items.map((item) => ({ id: item.listing.id, title: item.listing.title })));
  }, [compare.data]);

  // Back to the results with their filters, the comparison carried for a page without the script.
  const fromType = from?.startsWith('/tools') ? 'tools' : from?.startsWith('/services') ? 'services' : null;
  const browse = (type: 'tools' | 'services') => withCompareParam(fromType === type && from ? from : `/${type}`, keptIds);

  return (
    <main className={shell}>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Compare listings</h1>
        <p className="max-w-2xl text-muted">
          Up to {MAX_COMPARED} tools or services side by side: price, rating, delivery and every term of their partner programmes. Rows that differ are highlighted.
        </p>
        {from && (
          <p className="text-sm">
            <Link href={withCompareParam(from, keptIds)} className={link} data-testid="compare-back">
              Back to your results
            </Link>
          </p>
        )}
        {items.length < MAX_COMPARED && (
          <p className="text-sm">
            Add {items.length ? 'another' : 'a listing'}: choose "Compare" on{' '}
            <Link href={browse('tools')} className={link}>
              tools
            </Link>{' '}
            or{' '}
            <Link href={browse('services')} className={link}>
              services
            </Link>
            .
          </p>
        )}
        {refused.length > 0 && (
          <p role="alert" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="compare-refused">
            At most {MAX_COMPARED} listings can be compared: {refused.length === 1 ? 'one listing in this link was' : `${refused.length} listings in this link were`} left out. Remove one to make room (
            <Link href={compareHref(ids)} className="underline">
              the comparison of these {kept.length}
            </Link>
            ).
          </p>
        )}
      </header>

      {ids.length > 0 && compare.error ? (
        <ErrorState error={compare.error} onRetry={() => void compare.refetch()} />
      ) : ids.length > 0 && compare.isPending ? (
        <p className="text-muted">Loading the comparison…</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-line bg-surface p-6 text-muted" data-testid="compare-empty">
          {ids.length ? 'None of these listings is available any more.' : 'Nothing to compare yet.'}
        </p>
      ) : (
        <>
          <CompareCalculator calculator={calculator} ids={keptIds} from={from} />
          <CompareTable items={items} calc={calculator.reading.ok ? { ...calculator.reading.values } : null} from={from} />
          <p className="text-xs text-muted">Profit figures are estimates before your own costs: monthly profit is the average over the first 12 months.</p>
        </>
      )}
    </main>
  );
}
