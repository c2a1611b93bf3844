import type { PlanStatus } from '../../../shared/schemas/plan';

const DAY_MS = 24 * 60 * 60 * 1000;

type StandingRow = { status: 'active' | 'past_due' | 'ended'; currentPeriodEnd: Date; cancelAtPeriodEnd: boolean; pastDueSince: Date | null };

export type Standing = {
  /** Whether the paid plan is still in force; if not, the provider is on the default plan. */
  inForce: boolean;
  status: PlanStatus;
  periodEnd: Date | null;
  /** Past due: the moment the plan ends unless a payment arrives. */
  graceEndsAt: Date | null;
};

/**
 * Where a provider's paid plan stands at `now` (docs/decisions/plans-and-billing.md), computed
 * from the stored row alone, so every server answers alike without a job having run:
 * - cancelled: in force until the period's end, then over;
 * - past due (a payment failed, or the period ran out without a renewal): in force for the
 *   operator's grace period, counted from the failure (or the period's end), then over;
 * - otherwise active until the period's end.
 * The sweep (plans-sweep.ts) later records the end and tells the provider; this does not wait for it.
 */
export function planStanding(row: StandingRow | undefined, graceDays: number, now: Date): Standing {
  if (!row || row.status === 'ended') return { inForce: false, status: 'free', periodEnd: null, graceEndsAt: null };
  const end = row.currentPeriodEnd;
  const grace = (from: Date) => new Date(from.getTime() + graceDays * DAY_MS);
  if (row.cancelAtPeriodEnd) return standing(now < end, 'ending', end, null);
  if (row.status === 'past_due') {
    const graceEndsAt = grace(row.pastDueSince ?? end);
    return standing(now < graceEndsAt, 'past_due', end, graceEndsAt);
  }
  if (now < end) return standing(true, 'active', end, null);
  const graceEndsAt = grace(end);
  return standing(now < graceEndsAt, 'past_due', end, graceEndsAt);
}

function standing(inForce: boolean, status: PlanStatus, periodEnd: Date, graceEndsAt: Date | null): Standing {
  return inForce ? { inForce, status, periodEnd, graceEndsAt } : { inForce: false, status: 'free', periodEnd: null, graceEndsAt: null };
}
