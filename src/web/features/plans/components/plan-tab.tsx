import { useState } from 'react';
import { formatPlanPrice } from '../../../../shared/plan-text';
import type { ProviderPlanJson } from '../../../../shared/schemas/plan';
import { LocalDate } from '../../../components/local-date';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCancelPlan, useProviderPlan } from '../api/use-plans';
import { PlanCard } from './plan-card';

const statusBadge: Record<ProviderPlanJson['status'], { label: string; tone: BadgeTone }> = {
  free: { label: 'Free plan', tone: 'neutral' },
  active: { label: 'Active', tone: 'green' },
  past_due: { label: 'Payment due', tone: 'red' },
  ending: { label: 'Cancelled', tone: 'amber' },
};

/** The provider dashboard's Plan tab: the plan in force, its dates, the usage of each grant, upgrade and cancel. */
export function PlanTab() {
  const plan = useProviderPlan();
  if (plan.isPending) return <Skeleton className="h-64 w-full" />;
  if (plan.isError) return <p role="alert" className="text-danger">{errorMessage(plan.error, 'Your plan could not be loaded. Please try again.')}</p>;
  return <PlanDetails view={plan.data} />;
}

function PlanDetails({ view }: { view: ProviderPlanJson }) {
  const { plan, status, usage } = view;
  const badge = statusBadge[status];
  const others = view.plans.filter((candidate) => candidate.id !== plan.id && !candidate.isDefault);
  return (
    <div className="space-y-8">
      <Card className="space-y-5 p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="text-xl font-semibold text-ink">Your plan: {plan.name}</h2>
          <Badge tone={badge.tone}>{badge.label}</Badge>
          {plan.badge && <Badge tone="primary">{plan.badge}</Badge>}
        </div>
        <p className="text-ink">
          {formatPlanPrice(plan)}
          {status === 'active' && view.periodEnd && (
            <>
              {' '}
              · Renews on <LocalDate iso={view.periodEnd} />
            </>
          )}
          {status === 'ending' && view.periodEnd && (
            <>
              {' '}
              · Ends on <LocalDate iso={view.periodEnd} />, then you move to the free plan
            </>
          )}
        </p>
        {status === 'past_due' && (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            Your last payment did not go through.
            {view.graceEndsAt && (
              <>
                {' '}
                The plan stays in force until <LocalDate iso={view.graceEndsAt} />; pay by then to keep it.
              </>
            )}{' '}
            {view.portalUrl ? (
              <a href={view.portalUrl} className="font-medium underline">
                Update your payment details
              </a>
            ) : (
              <a href="/contact" className="font-medium underline">
                Contact us about your invoice
              </a>
            )}
          </div>
        )}
        <Usage view={view} />
        <p className="text-sm text-muted">{usage.listings > (plan.listingLimit ?? Infinity) ? 'You have more live listings than this plan allows: they all stay live, and new ones can be added once you are under the limit.' : 'A change of plan never takes a live listing down.'}</p>
        <CancelOrManage view={view} />
      </Card>
      {others.length > 0 && (
        <section aria-labelledby="change-plan-heading" className="space-y-4">
          <h2 id="change-plan-heading" className="text-lg font-semibold text-ink">
            {status === 'free' ? 'Upgrade' : 'Other plans'}
          </h2>
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {others.map((candidate) => (
              <PlanCard key={candidate.id} plan={candidate} headingLevel="h3">
                {candidate.checkoutUrl ? (
                  <Button asChild>
                    <a href={candidate.checkoutUrl}>Upgrade to {candidate.name}</a>
                  </Button>
                ) : (
                  <Button asChild variant="outline">
                    <a href="/contact">Ask us for an invoice</a>
                  </Button>
                )}
              </PlanCard>
            ))}
          </div>
          <p className="text-sm text-muted">{view.billing === 'stripe' ? 'Upgrading takes you to Stripe to pay; your new plan starts as soon as the payment goes through.' : 'Paid plans are invoiced: write to us, and your plan starts when we receive the payment.'}</p>
        </section>
      )}
    </div>
  );
}

function Usage({ view }: { view: ProviderPlanJson }) {
  const { plan, usage } = view;
  const rows: [string, string][] = [
    // Listings waiting for approval count too, as they do when a new one is checked against the limit.
    ['Live and waiting listings', plan.listingLimit === null ? `${usage.listings} (no limit)` : `${usage.listings} of ${plan.listingLimit}`],
    ['Featured slots', `${usage.featured} of ${plan.featuredSlots}`],
    ['Insight screen', plan.insight ? 'Included' : 'Not in your plan'],
    ['Partner-programme terms', plan.partnerTerms ? 'Included' : 'Not in your plan'],
    ['Badge', plan.badge ? `"${plan.badge}"` : 'None'],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Usage of your plan">
      {rows.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-line p-3">
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
          <dd className="mt-1 font-semibold text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CancelOrManage({ view }: { view: ProviderPlanJson }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelPlan();
  if (view.status === 'free') return null;
  if (view.source === 'stripe') {
    return view.portalUrl ? (
      <Button asChild variant="outline">
        <a href={view.portalUrl}>Manage billing or cancel</a>
      </Button>
    ) : (
      <p className="text-sm text-muted">
        To cancel, <a href="/contact" className="link-in-text">write to us</a>.
      </p>
    );
  }
  if (view.status === 'ending') return null;
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Cancel plan
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Cancel your plan?"
        description={`Your ${view.plan.name} plan stays in force until the end of the period you paid for, then you move to the free plan. Your live listings stay live.`}
        confirmLabel="Cancel plan"
        pendingLabel="Cancelling..."
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              toast({ title: 'Plan cancelled', description: 'It ends at the end of the period you paid for.' });
              setConfirming(false);
            },
            onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      />
    </>
  );
}
