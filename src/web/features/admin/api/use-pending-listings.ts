import { useQuery } from '@tanstack/react-query';
import type { Listing, ListingType } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';
import { adminKeys } from './admin-keys';

/** GET /api/admin/{type}/pending: new listings and proposed edits awaiting a decision. */
export const usePendingListings = (type: ListingType) =>
  useQuery({ queryKey: adminKeys.pending(type), queryFn: () => apiGet<Listing[]>(`/api/admin/${type}/pending`) });
