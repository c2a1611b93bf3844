import { LocalDate } from '../../../components/local-date';
import { useProviderPlan } from '../api/use-plans';

/** Above the provider dashboard's tabs while a payment is due: the provider learns it there as well as by e-mail. */
export function PlanNotice() {
  const plan = useProviderPlan().data;
  if (plan?.status !== 'past_due') return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      The payment for your {plan.plan.name} plan did not go through.
      {plan.graceEndsAt && (
        <>
          {' '}
          It stays in force until <LocalDate iso={plan.graceEndsAt} />.
        </>
      )}{' '}
      <a href="/provider?tab=plan" className="font-medium underline">
        See your plan
      </a>
    </div>
  );
}
