import { programmeTypeLabels } from '../../../shared/partner-wording';
import { countOf } from '../../../shared/plural';
import type { ListingType } from '../../../shared/types';
import type { CategoryOption } from './components/filter-panel';
import { billingChoices, MONTH_TO_MONTH, ratingLabel, TRIAL, VERIFIED_ONLY, whiteLabelChoices } from './filter-labels';
import { deliveryBands, priceBands, type ListingFilters } from './listing-filters';

/** One chosen filter as a chip above the results: what it says, and the change that takes it away. */
export type FilterChip = { key: string; label: string; without: Partial<ListingFilters> };

/**
 * Every filter the visitor has chosen, in the filter panel's order, each with the change that
 * removes it alone (a link to the same results without it). The search is the results' heading
 * and the sort has its own control, so neither is a chip. A category that is not among `categories`
 * (a category page's own category, an id from an old link) is not a choice the page offers, so it
 * is not shown.
 */
export function activeFilterChips(type: ListingType, filters: ListingFilters, categories: CategoryOption[]): FilterChip[] {
  const chips: FilterChip[] = [];
  const category = categories.find((option) => option.id === filters.categoryId);
  if (category) chips.push({ key: 'category', label: category.name, without: { categoryId: undefined } });

  const price = priceBands.find((band) => band.id === filters.price);
  if (price) chips.push({ key: 'price', label: price.label, without: { price: undefined } });

  if (type === 'services') {
    for (const band of deliveryBands.filter((candidate) => filters.delivery.includes(candidate.id))) {
      chips.push({ key: `delivery-${band.id}`, label: `Delivery ${band.label}`, without: { delivery: filters.delivery.filter((id) => id !== band.id) } });
    }
  }

  if (filters.rating) chips.push({ key: 'rating', label: ratingLabel(filters.rating), without: { rating: undefined } });

  for (const programme of filters.programme) {
    chips.push({ key: `programme-${programme}`, label: programmeTypeLabels[programme], without: { programme: filters.programme.filter((chosen) => chosen !== programme) } });
  }
  if (filters.maxCommitment !== undefined) {
    const label = filters.maxCommitment === 0 ? MONTH_TO_MONTH : `Commitment of at most ${countOf(filters.maxCommitment, 'month')}`;
    chips.push({ key: 'maxCommitment', label, without: { maxCommitment: undefined } });
  }
  if (filters.trial) chips.push({ key: 'trial', label: TRIAL, without: { trial: false } });
  if (filters.verified) chips.push({ key: 'verified', label: VERIFIED_ONLY, without: { verified: false } });

  const whiteLabel = whiteLabelChoices.find(([level]) => level !== undefined && level === filters.whiteLabel);
  if (whiteLabel) chips.push({ key: 'whiteLabel', label: `White-label: ${whiteLabel[1].toLowerCase()}`, without: { whiteLabel: undefined } });

  if (filters.minMargin !== undefined) chips.push({ key: 'minMargin', label: `Margin ${filters.minMargin}%+`, without: { minMargin: undefined } });

  const billing = billingChoices.find(([model]) => model !== undefined && model === filters.billing);
  if (billing) chips.push({ key: 'billing', label: billing[1], without: { billing: undefined } });

  if (filters.territory) chips.push({ key: 'territory', label: `Territory: ${filters.territory}`, without: { territory: undefined } });
  return chips;
}
