import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatusCounts } from '../../../../shared/schemas/admin-user';
import type { Listing, ListingStatus, ListingType } from '../../../../shared/types';
import { apiGet, apiGetPage, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

/** One status of one type, optionally searched (title or description). */
export const useAdminListings = (type: ListingType, status: ListingStatus, search: string) =>
  useQuery({
    queryKey: adminKeys.listings(type, status, search),
    queryFn: () => apiGetPage<Listing>(withQuery('/api/admin/listings', { type, status, search, limit: 100 })),
    placeholderData: keepPreviousData,
  });

/** How many of the type each status has, for the filter labels and the tab's count. */
export const useStatusCounts = (type: ListingType, search = '') =>
  useQuery({
    queryKey: adminKeys.counts(type, search),
    queryFn: () => apiGet<StatusCounts>(withQuery('/api/admin/listings/counts', { type, search })),
    placeholderData: keepPreviousData,
  });
