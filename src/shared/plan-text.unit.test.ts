import { describe, expect, it } from 'vitest';
import { formatPlanPrice, planGrants } from './plan-text';

describe('plan texts', () => {
  it('prices a plan per period, and the free one as Free', () => {
    expect(formatPlanPrice({ priceCents: 4900, currency: 'USD', period: 'month' })).toBe('$49 / month');
    expect(formatPlanPrice({ priceCents: 49950, currency: 'USD', period: 'year' })).toBe('$499.50 / year');
    expect(formatPlanPrice({ priceCents: 0, currency: 'USD', period: 'month' })).toBe('Free');
  });

  it('lists every grant', () => {
    expect(planGrants({ listingLimit: 1, featuredSlots: 0, insight: false, partnerTerms: false, badge: null })).toEqual(['Up to 1 live listing', 'No featured slots']);
    expect(planGrants({ listingLimit: null, featuredSlots: 2, insight: true, partnerTerms: true, badge: 'Pro' })).toEqual([
      'Unlimited live listings',
      '2 featured slots, shown first on the home page and in lists',
      'Insight screen: daily views, visitors, leads and clicks',
      'Partner-programme terms on your listings',
      '"Pro" badge beside your name',
    ]);
  });
});
