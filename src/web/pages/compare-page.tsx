import { Link, useSearchParams } from 'wouter';
import { canonicalCompareIds, MAX_COMPARED } from '../../shared/compare-ids';
import { Input } from '../components/ui/input';
import { Button } from '../components/ui/button';
import { useCompare } from '../features/compare/api/use-compare';
import { CompareTable } from '../features/compare/components/compare-table';
import { ErrorState } from '../features/catalog/components/status-message';
import { calculatorParamsFrom, calculatorValues } from '../lib/calculator-params';
import { usePageMeta } from '../lib/page-meta';

const shell = 'mx-auto w-full max-w-7xl flex-1 space-y-6 px-4 py-8 sm:px-6 lg:px-8';

/**
 * /compare?ids=: up to four listings side by side, with their partner programmes and the profit
 * at one shared price (or markup) and client count. Everything is in the address: the listings,
 * and the calculator's GET form, so a comparison is a link to share and works without the script.
 */
export function ComparePage() {
  usePageMeta('compare');
  const [params] = useSearchParams();
  const ids = canonicalCompareIds(params.get('ids'));
  const compare = useCompare(ids);
  const calcParams = calculatorParamsFrom(params);
  const values = calculatorValues(calcParams);
  const items = compare.data?.items ?? [];
  const kept = items.map((item) => item.listing.id).join(',');
  const browse = (type: 'tools' | 'services') => (kept ? `/${type}?compare=${kept}` : `/${type}`);

  return (
    <main className={shell}>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Compare listings</h1>
        <p className="max-w-2xl text-muted">
          Up to {MAX_COMPARED} tools or services side by side: price, rating, delivery and every term of their partner programmes. Rows that differ are highlighted.
        </p>
        {items.length < MAX_COMPARED && (
          <p className="text-sm">
            Add {items.length ? 'another' : 'a listing'}: choose "Compare" on{' '}
            <Link href={browse('tools')} className="font-medium text-primary underline">
              tools
            </Link>{' '}
            or{' '}
            <Link href={browse('services')} className="font-medium text-primary underline">
              services
            </Link>
            .
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
          <form method="get" action="/compare" className="flex flex-wrap items-end gap-3 rounded-xl border border-line bg-surface p-4" aria-label="Profit at one price">
            <input type="hidden" name="ids" value={kept} />
            <label className="space-y-1 text-sm">
              <span className="font-medium text-ink">Your price</span>
              <Input name="price" inputMode="decimal" defaultValue={calcParams.price} placeholder="suggested" className="w-28" />
            </label>
            <label className="space-y-1 text-sm">
              <span className="font-medium text-ink">or markup %</span>
              <Input name="markup" inputMode="decimal" defaultValue={calcParams.markup} placeholder="e.g. 50" className="w-28" />
            </label>
            <label className="space-y-1 text-sm">
              <span className="font-medium text-ink">Clients</span>
              <Input name="clients" inputMode="numeric" defaultValue={calcParams.clients} placeholder="1" className="w-20" />
            </label>
            <Button type="submit" variant="outline">
              Calculate
            </Button>
          </form>
          <CompareTable items={items} calc={{ price: values.price, markup: values.markup, clients: values.clients }} />
          <p className="text-xs text-muted">Profit figures are estimates before your own costs: monthly profit is the average over the first 12 months.</p>
        </>
      )}
    </main>
  );
}
