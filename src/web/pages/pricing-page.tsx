import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/page-spinner';
import { usePlans } from '../features/plans/api/use-plans';
import { PlanCard } from '../features/plans/components/plan-card';
import { errorMessage } from '../lib/api';
import { usePageMeta } from '../lib/page-meta';

/** /pricing: the plans providers can be on, rendered on the server for visitors and crawlers alike. */
export function PricingPage() {
  usePageMeta('pricing');
  const plans = usePlans();
  return (
    <main className="mx-auto w-full max-w-6xl space-y-10 px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
      <header className="max-w-2xl space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">Plans for providers</h1>
        <p className="text-muted">List your services and tools for free. A paid plan lists more, features your listings first and opens the daily figures.</p>
      </header>
      {plans.isPending ? (
        <PageSpinner />
      ) : plans.isError ? (
        <p role="alert" className="text-danger">
          {errorMessage(plans.error, 'The plans could not be loaded. Please try again.')}
        </p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {plans.data.map((plan) => (
            <PlanCard key={plan.id} plan={plan}>
              <Button asChild variant={plan.isDefault ? 'outline' : 'primary'}>
                <a href="/provider?tab=plan">{plan.isDefault ? 'Start listing' : `Choose ${plan.name}`}</a>
              </Button>
            </PlanCard>
          ))}
        </div>
      )}
      <p className="text-sm text-muted">
        Paid plans renew each period until you cancel; a cancelled plan stays in force until the end of the period you paid for. Your live listings are never taken down by a change of plan.
      </p>
      <section id="featured" aria-labelledby="featured-heading" className="max-w-2xl space-y-2 rounded-xl border border-line bg-surface p-6">
        <h2 id="featured-heading" className="text-lg font-semibold text-ink">
          What featured means
        </h2>
        <p className="text-sm text-ink">
          Listings marked <strong>Featured</strong> or <strong>Sponsored</strong> are shown before the others on the home page and in the lists of services and tools. Our editors choose the <strong>Featured</strong> ones; a <strong>Sponsored</strong> listing fills one of its provider&apos;s featured slots, a placement that comes with a paid plan. Neither ever changes a listing&apos;s reviews or rating, and a search for words still ranks by how well each listing matches.
        </p>
      </section>
    </main>
  );
}
