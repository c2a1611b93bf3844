import type { ListingType } from '../../../../shared/types';

/** Query keys of the favourites feature; every add and remove refreshes all of them. */
export const favoriteKeys = {
  all: ['/api/favorites'] as const,
  list: (type: ListingType) => ['/api/favorites', 'list', type] as const,
  recent: (limit: number) => ['/api/favorites', 'recent', limit] as const,
  ids: ['/api/favorites', 'ids'] as const,
  status: (type: ListingType, id: number) => ['/api/favorites', 'status', type, id] as const,
};
