import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatusCounts } from '../../../../shared/schemas/admin-user';
import type { Listing, ListingStatus, ListingType } from '../../../../shared/types';
import { apiGet, apiGetPage, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const LISTINGS_PAGE_SIZE = 50;

/** One page of one status of one type, optionally searched (title or description), with the total. */
export const useAdminListings = (type: ListingType, status: ListingStatus, search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.listings(type, status, search, page),
    queryFn: () =>
      apiGetPage<Listing>(withQuery('/api/admin/listings', { type, status, search, limit: LISTINGS_PAGE_SIZE, offset: (page - 1) * LISTINGS_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

/** How many of the type each status has, for the filter labels and the tab's count. */
export const useStatusCounts = (type: ListingType, search = '') =>
  useQuery({
    queryKey: adminKeys.counts(type, search),
    queryFn: () => apiGet<StatusCounts>(withQuery('/api/admin/listings/counts', { type, search })),
    placeholderData: keepPreviousData,
  });
