import { describe, expect, it } from 'vitest';
import { filtersFromParams, filtersToParams, isFiltered, toApiQuery } from './listing-filters';
import { visiblePages } from './components/pagination';

const read = (query: string) => filtersFromParams(new URLSearchParams(query));
const noProgrammeFilters = { programme: [], whiteLabel: undefined, minMargin: undefined, maxCommitment: undefined, billing: undefined, trial: false, territory: undefined, verified: false, sort: undefined };

describe('catalogue filters in the URL', () => {
  it('reads every filter and the page', () => {
    expect(read('search=seo&categoryId=4&price=100-500&delivery=1-3,8-14&rating=4&page=3')).toEqual({
      search: 'seo',
      categoryId: 4,
      price: '100-500',
      delivery: ['1-3', '8-14'],
      rating: 4,
      page: 3,
      ...noProgrammeFilters,
    });
  });

  it('ignores values nobody could have meant', () => {
    expect(read('categoryId=abc&price=cheap&delivery=1-3,soon&rating=2&page=-1')).toEqual({
      search: '',
      categoryId: undefined,
      price: undefined,
      delivery: ['1-3'],
      rating: undefined,
      page: 1,
      ...noProgrammeFilters,
    });
  });

  it('reads what the filter form sends without JavaScript: blank choices and repeated delivery bands', () => {
    expect(read('search=&categoryId=&price=&delivery=1-3&delivery=15-34&delivery=1-3&rating=')).toEqual({
      search: '',
      categoryId: undefined,
      price: undefined,
      delivery: ['1-3', '15-34'],
      rating: undefined,
      page: 1,
      ...noProgrammeFilters,
    });
    expect(filtersToParams(read('price=under-100&delivery=4-7&delivery=8-14')).toString()).toBe('price=under-100&delivery=4-7%2C8-14');
  });

  it('round-trips and leaves defaults out of the link', () => {
    const filters = read('search=crm&price=2000-plus&page=2');
    expect(filtersToParams(filters).toString()).toBe('search=crm&price=2000-plus&page=2');
    expect(filtersToParams(read('')).toString()).toBe('');
  });

  it("reads, writes and sends the partner-programme filters and sorts, the form's repeated and blank values too", () => {
    const filters = read('programme=referral&programme=white_label_resale,franchise&whiteLabel=full&minMargin=30&maxCommitment=0&billing=provider_bills_client&trial=1&territory=gb&verified=1&sort=margin');
    expect(filters).toMatchObject({
      programme: ['referral', 'white_label_resale'],
      whiteLabel: 'full',
      minMargin: 30,
      maxCommitment: 0,
      billing: 'provider_bills_client',
      trial: true,
      territory: 'GB',
      verified: true,
      sort: 'margin',
    });
    expect(filtersToParams(filters).toString()).toBe(
      'programme=referral%2Cwhite_label_resale&whiteLabel=full&minMargin=30&maxCommitment=0&billing=provider_bills_client&trial=1&territory=GB&verified=1&sort=margin',
    );
    expect(toApiQuery('services', filters)).toMatchObject({ programme: 'referral,white_label_resale', minMargin: 30, maxCommitment: 0, trial: 1, territory: 'GB', verified: 1, sort: 'margin' });
    expect(read('whiteLabel=&minMargin=&maxCommitment=&billing=&territory=&sort=')).toMatchObject(noProgrammeFilters);
    expect(read('minMargin=120&maxCommitment=61&territory=USA&sort=cheapest&whiteLabel=some')).toMatchObject(noProgrammeFilters);
    expect(isFiltered(read('trial=1'))).toBe(true);
    expect(isFiltered(read('sort=margin'))).toBe(false);
  });

  it('knows when the list is narrowed', () => {
    expect(isFiltered(read(''))).toBe(false);
    expect(isFiltered(read('page=4'))).toBe(false);
    expect(isFiltered(read('rating=3'))).toBe(true);
  });
});

describe('the API query', () => {
  it('turns bands into price bounds and comma-joined delivery days', () => {
    const query = toApiQuery('services', read('price=500-2000&delivery=1-3,15-34&rating=5&page=2'));
    expect(query).toMatchObject({ minPrice: 500, maxPrice: 2000, rating: 5, limit: 24, offset: 24 });
    expect(query.deliveryTime?.split(',').map(Number)).toEqual([1, 2, 3, ...Array.from({ length: 20 }, (_, i) => 15 + i)]);
  });

  it('has no maximum for $2,000+ and starts under $100 at zero', () => {
    expect(toApiQuery('tools', read('price=2000-plus'))).toMatchObject({ minPrice: 2000, maxPrice: undefined });
    expect(toApiQuery('tools', read('price=under-100'))).toMatchObject({ minPrice: 0, maxPrice: 100 });
  });

  it('never sends a delivery filter for tools, which have no delivery time', () => {
    expect(toApiQuery('tools', read('delivery=4-7')).deliveryTime).toBeUndefined();
    expect(toApiQuery('services', read('delivery=4-7')).deliveryTime).toBe('4,5,6,7');
  });
});

describe('visiblePages', () => {
  it('shows the ends and the neighbours of the current page', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4]);
  });
});
