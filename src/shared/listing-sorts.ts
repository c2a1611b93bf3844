/** The catalogue's sorts besides the default (featured, then newest) and a search's relevance: without zod, for the browser's filter panel. */
export const listingSorts = ['margin', 'earnings', 'verified'] as const;
export type ListingSort = (typeof listingSorts)[number];
