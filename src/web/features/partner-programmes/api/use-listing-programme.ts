import { useQuery } from '@tanstack/react-query';
import type { ListingProgrammeJson } from '../../../../shared/schemas/partner-programme-json';
import type { ListingType } from '../../../../shared/types';
import { apiGet } from '../../../lib/api';

/** A listing's partner programme as this viewer may see it (the server leaves out numbers it may not). */
export function useListingProgramme(type: ListingType, listingId: number) {
  return useQuery({
    queryKey: [`/api/${type}`, 'partner-programme', listingId],
    queryFn: () => apiGet<ListingProgrammeJson>(`/api/${type}/${listingId}/partner-programme`),
  });
}
