import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListingPayload } from '../../../shared/schemas/listing';
import type { PartnerProgrammeTerms } from '../../../shared/schemas/partner-programme';
import type { Listing, ListingType } from '../../../shared/types';
import { ApiError, apiRequest } from '../../lib/api';

// Every list a listing can appear in: the provider's own, the public catalogue, the admin's.
const listingQueries = /^\/api\/(provider|services|tools|admin|dashboard)/;

/** The dialog's payload: the listing's fields and its partner programme (null: none). */
export type ListingDialogPayload = ListingPayload & { partner: PartnerProgrammeTerms | null };

/**
 * POST /api/{type} for a new listing, PATCH /api/{type}/{id} for an edit; then the partner
 * programme is set (PUT) or removed (DELETE) when there was one; then the lists are read again.
 * A programme's field errors come back named as the dialog's inputs ("partner.wholesalePrice").
 */
export function useSaveListing(type: ListingType, listingId: number | undefined, hadProgramme: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ partner, ...payload }: ListingDialogPayload) => {
      const listing =
        listingId === undefined
          ? await apiRequest<Listing>('POST', `/api/${type}`, { ...payload, type })
          : await apiRequest<Listing>('PATCH', `/api/${type}/${listingId}`, { ...payload, type });
      const programme = `/api/${type}/${listing.id}/partner-programme`;
      try {
        if (partner) await apiRequest('PUT', programme, partner);
        else if (hadProgramme) await apiRequest('DELETE', programme);
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [`partner.${field}`, message]));
          throw new ApiError(error.status, error.serverMessage, fields, error.serverMessage);
        }
        throw error;
      }
      return listing;
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ predicate: (query) => typeof query.queryKey[0] === 'string' && listingQueries.test(query.queryKey[0]) }),
  });
}
