import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Listing, ListingStatus } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';
import { providerKeys } from './provider-keys';

export const OWN_LISTINGS_PAGE_SIZE = 12;

/**
 * GET /api/provider/services: the signed-in provider's services and tools with one status. The
 * one read the spec refetches on window focus, so a fresh approval shows without a reload.
 */
export function useOwnListings(status: ListingStatus, offset: number) {
  return useQuery({
    queryKey: providerKeys.listings({ status, offset }),
    queryFn: () => apiGetPage<Listing>(withQuery('/api/provider/services', { status, limit: OWN_LISTINGS_PAGE_SIZE, offset })),
    refetchOnWindowFocus: true,
    staleTime: 0,
    placeholderData: keepPreviousData,
    // A new tool's screenshot is taken in the background within seconds; look again until it is there.
    refetchInterval: (query) => (query.state.data?.items.some(awaitsScreenshot) ? SCREENSHOT_POLL_MS : false),
  });
}

const SCREENSHOT_POLL_MS = 3000;

const SCREENSHOT_WAIT_MS = 2 * 60 * 1000;

const awaitsScreenshot = (listing: Listing) =>
  listing.type === 'tools' && !!listing.websiteUrl && !listing.screenshotUrl && Date.now() - Date.parse(listing.updatedAt) < SCREENSHOT_WAIT_MS;
