import { describe, expect, it } from 'vitest';
import { listingSorts } from '../../../shared/listing-sorts';
import { activeFilterChips } from './active-filters';
import { sortLabel } from './filter-labels';
import { filtersFromParams, filtersToParams, type ListingFilters } from './listing-filters';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));
const categories = [{ id: 7, name: 'SEO', isSubcategory: false }];
const without = (filters: ListingFilters, change: Partial<ListingFilters>) => filtersToParams({ ...filters, ...change, page: 1 }).toString();

describe('the chips of the chosen filters', () => {
  it('names every chosen filter, in the panel order, and leaves the search and the sort out', () => {
    const filters = read('search=seo&sort=margin&categoryId=7&price=100-500&delivery=1-3,15-34&rating=4&programme=referral,affiliate&maxCommitment=0&trial=1&verified=1&whiteLabel=full&minMargin=30&billing=provider_bills_client&territory=us');
    expect(activeFilterChips('services', filters, categories).map((chip) => chip.label)).toEqual([
      'SEO',
      '$100 - $500',
      'Delivery 1-3 days',
      'Delivery 2+ weeks',
      '4+ stars',
      'Referral',
      'Affiliate',
      'Month-to-month',
      'Trial or internal-use seats',
      'Verified terms only',
      'White-label: full',
      'Margin 30%+',
      'The provider bills your client',
      'Territory: US',
    ]);
  });

  it('takes each filter away alone, keeping the others, the search and the sort', () => {
    const filters = read('search=seo&sort=margin&price=100-500&delivery=1-3,15-34&programme=referral,affiliate');
    const chips = activeFilterChips('services', filters, categories);
    expect(without(filters, chips.find((chip) => chip.key === 'delivery-1-3')!.without)).toBe('search=seo&price=100-500&delivery=15-34&programme=referral%2Caffiliate&sort=margin');
    expect(without(filters, chips.find((chip) => chip.key === 'price')!.without)).toBe('search=seo&delivery=1-3%2C15-34&programme=referral%2Caffiliate&sort=margin');
    expect(without(filters, chips.find((chip) => chip.key === 'programme-affiliate')!.without)).toBe('search=seo&price=100-500&delivery=1-3%2C15-34&programme=referral&sort=margin');
  });

  it('shows no delivery on tools (they have none) and no category the page does not offer', () => {
    expect(activeFilterChips('tools', read('delivery=1-3&categoryId=99'), categories)).toEqual([]);
    expect(activeFilterChips('services', read('maxCommitment=1'), categories).map((chip) => chip.label)).toEqual(['Commitment of at most 1 month']);
  });
});

describe('sort labels', () => {
  it('names every sort the catalogue offers, a new one by its own name until it has words', () => {
    for (const sort of listingSorts) expect(sortLabel(sort)).toMatch(/\w/);
    expect(sortLabel('margin')).toBe('Highest margin');
    expect(sortLabel('newestReviewed')).toBe('By newest reviewed');
  });
});
