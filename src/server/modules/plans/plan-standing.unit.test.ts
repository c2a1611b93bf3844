import { describe, expect, it } from 'vitest';
import { planStanding } from './plan-standing';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
const row = (overrides: Partial<Parameters<typeof planStanding>[0] & object> = {}) => ({
  status: 'active' as const,
  currentPeriodEnd: day(30),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  ...overrides,
});

describe('planStanding', () => {
  it('is the free plan without a row, or with an ended one', () => {
    expect(planStanding(undefined, 7, day(0))).toMatchObject({ inForce: false, status: 'free' });
    expect(planStanding(row({ status: 'ended' }), 7, day(0))).toMatchObject({ inForce: false, status: 'free' });
  });

  it('is active until the period ends, then past due for the grace period, then over', () => {
    expect(planStanding(row(), 7, day(29))).toMatchObject({ inForce: true, status: 'active', periodEnd: day(30) });
    expect(planStanding(row(), 7, day(31))).toMatchObject({ inForce: true, status: 'past_due', graceEndsAt: day(37) });
    expect(planStanding(row(), 7, day(37))).toMatchObject({ inForce: false, status: 'free' });
  });

  it('counts the grace period from a failed payment', () => {
    const failed = row({ status: 'past_due', pastDueSince: day(10) });
    expect(planStanding(failed, 3, day(12))).toMatchObject({ inForce: true, status: 'past_due', graceEndsAt: day(13) });
    expect(planStanding(failed, 3, day(13))).toMatchObject({ inForce: false });
  });

  it('ends a cancelled plan at the period end, with no grace', () => {
    const cancelled = row({ cancelAtPeriodEnd: true });
    expect(planStanding(cancelled, 7, day(29))).toMatchObject({ inForce: true, status: 'ending', periodEnd: day(30) });
    expect(planStanding(cancelled, 7, day(30))).toMatchObject({ inForce: false, status: 'free' });
  });
});
