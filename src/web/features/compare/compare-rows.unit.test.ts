import { describe, expect, it } from 'vitest';
import type { CompareItem } from '../../../shared/schemas/compare';
import { compareSections } from './compare-rows';

type Programme = NonNullable<CompareItem['programme']>;
const listing = (id: number, price: string) => ({ id, type: 'services', title: `Listing ${id}`, price, priceType: 'monthly', deliveryTime: 2, rating: 0, reviewCount: 0, category: { name: 'SEO' } }) as unknown as CompareItem['listing'];
const programme = (changes: Partial<Programme> = {}) =>
  ({
    types: ['white_label_resale'], visibility: 'public', numbersHidden: false, verifiedAt: null, stale: false, wholesalePrice: '60', suggestedRetailPrice: '120', minRetailPrice: null,
    setupFeeWholesale: null, setupFeeSuggested: null, commissionType: null, commissionValue: null, commissionMonths: null, cookieDays: null, payoutMinimum: null, payoutFrequency: null,
    billingModel: 'provider_bills_agency', billingPeriod: 'monthly', commitmentMonths: 0, autoRenew: false, earlyCancellation: 'allowed', trialDays: 0, demoAccount: false,
    internalUseSeats: 0, whiteLabelLevel: 'partial', whiteLabel: [], territories: [], supportModel: 'agency_first', joinApproval: 'instant', listingPrice: '120', priceUnit: 'monthly',
    figures: { margin: 50, markup: 100, earningsPerClientMonth: 60 }, ...changes,
  }) as unknown as Programme;

const marked = (items: CompareItem[]) =>
  compareSections(items, { price: null, markup: null, clients: 1 })
    .flatMap((section) => section.rows)
    .filter((row) => row.differs)
    .map((row) => row.label);

describe('which rows of a comparison differ', () => {
  it('compares a term only among the listings that have a programme', () => {
    // Before: every programme row was marked, as "—" (no programme) differed from each value.
    expect(marked([{ listing: listing(1, '120'), programme: programme() }, { listing: listing(2, '120'), programme: null }])).toEqual(['Programme']);
  });

  it('does not count a number the viewer may not see as a difference', () => {
    const hidden = programme({ visibility: 'members', numbersHidden: true, wholesalePrice: null, suggestedRetailPrice: null });
    expect(marked([{ listing: listing(1, '120'), programme: programme() }, { listing: listing(2, '120'), programme: hidden }])).toEqual(['Partner numbers shown to']);
  });

  it('marks the terms that really differ', () => {
    expect(marked([{ listing: listing(1, '120'), programme: programme() }, { listing: listing(2, '150'), programme: programme({ trialDays: 14 }) }])).toEqual(['Price', 'Trial']);
  });
});
