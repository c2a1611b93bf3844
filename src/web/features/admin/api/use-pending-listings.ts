import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Listing, ListingType } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const PENDING_PAGE_SIZE = 20;

/** GET /api/admin/{type}/pending, one page: new listings and proposed edits awaiting a decision, with the total. */
export const usePendingListings = (type: ListingType, page: number) =>
  useQuery({
    queryKey: adminKeys.pending(type, page),
    queryFn: () => apiGetPage<Listing>(withQuery(`/api/admin/${type}/pending`, { limit: PENDING_PAGE_SIZE, offset: (page - 1) * PENDING_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });
