/**
 * The catalogue's sorts besides the default (featured, then newest) and a search's relevance,
 * with the label the list page shows for each: without zod, for the browser's filter panel. A
 * sort added here needs its order and condition in src/server/modules/listings/listing-sort.ts
 * and an index (docs/decisions/search.md, "Adding a filter or a sort").
 */
export const listingSortLabels = {
  rating: 'Highest rated',
  reviews: 'Most reviews',
  price: 'Lowest price',
  margin: 'Highest margin',
  earnings: 'Highest earnings per client',
  verified: 'Newest verified',
} as const;
export type ListingSort = keyof typeof listingSortLabels;
export const listingSorts = Object.keys(listingSortLabels) as [ListingSort, ...ListingSort[]];
