import { useSearchParams } from 'wouter';
import { PageSpinner } from '../components/ui/page-spinner';
import { useSignInRedirect } from '../features/provider-dashboard/use-sign-in-redirect';
import { type InsightParams, useInsight } from '../features/provider-insight/api/use-insight';
import { CategoryComparison } from '../features/provider-insight/components/category-comparison';
import { FigurePanels } from '../features/provider-insight/components/figure-panels';
import { FiguresTable } from '../features/provider-insight/components/figures-table';
import { RangeControls } from '../features/provider-insight/components/range-controls';
import { ApiError, errorMessage, withQuery } from '../lib/api';
import { useCurrentUser } from '../lib/current-user';
import { countOf } from '../../shared/plural';
import { withPricingLink } from '../components/pricing-link';

const asOfFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** /provider/insight: a provider's daily figures, per listing or all together, rendered whole on the server. */
export default function ProviderInsightPage() {
  const { user, isLoading } = useCurrentUser();
  useSignInRedirect(!isLoading && !user);
  const [search] = useSearchParams();
  const params: InsightParams = {};
  for (const name of ['range', 'from', 'to', 'listing'] as const) {
    const value = search.get(name);
    if (value) params[name] = value;
  }
  const { data: insight, error, isLoading: loading } = useInsight(params);

  if (isLoading || !user) return <PageSpinner />;
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 space-y-8 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <header className="space-y-2">
        <p className="text-sm">
          <a href="/provider" className="text-primary hover:underline">
            Provider Dashboard
          </a>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-ink">Insight{insight?.listing ? `: ${insight.listing.title}` : ''}</h1>
        {insight && (
          <p className="text-sm text-muted">
            {insight.listing ? 'One listing' : 'All your listings together'}, {insight.range.from} to {insight.range.to} ({countOf(insight.range.days, 'day')}). Figures as of{' '}
            <time dateTime={insight.asOf}>{asOfFormat.format(new Date(insight.asOf))} UTC</time>.
          </p>
        )}
      </header>
      {error && (
        <p role="alert" className="text-danger">
          {withPricingLink(errorMessage(error))}{' '}
          {error instanceof ApiError && error.status === 403 ? (
            <a href="/provider?tab=plan" className="underline">
              Your plan
            </a>
          ) : (
            <a href="/provider/insight" className="underline">
              Show the last 30 days
            </a>
          )}
        </p>
      )}
      {loading && !insight && <PageSpinner />}
      {insight && (
        <>
          <RangeControls insight={insight} />
          <section aria-labelledby="figures-heading" className="space-y-4">
            <h2 id="figures-heading" className="text-lg font-semibold text-ink">
              Figures, against {insight.previous.from} to {insight.previous.to}
            </h2>
            <FigurePanels insight={insight} />
          </section>
          <CategoryComparison insight={insight} />
          <section aria-labelledby="table-heading" className="space-y-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id="table-heading" className="text-lg font-semibold text-ink">
                Day by day
              </h2>
              <a href={withQuery('/api/provider/insight.csv', params)} download className="text-sm font-medium text-primary hover:underline">
                Export CSV
              </a>
            </div>
            <FiguresTable insight={insight} />
          </section>
        </>
      )}
    </main>
  );
}
