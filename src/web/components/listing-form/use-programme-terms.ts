import { useQuery } from '@tanstack/react-query';
import type { ListingProgrammeJson } from '../../../shared/schemas/partner-programme-json';
import type { ListingType } from '../../../shared/types';
import { apiGet } from '../../lib/api';

/** The programme the dialog edits: its owner and administrators get every number and any waiting proposal. */
export function useProgrammeTerms(type: ListingType, listingId: number | undefined) {
  return useQuery({
    queryKey: [`/api/${type}`, 'partner-programme', listingId],
    queryFn: () => apiGet<ListingProgrammeJson>(`/api/${type}/${listingId}/partner-programme`),
    enabled: listingId !== undefined,
  });
}

/** What the dialog starts from: a proposal still waiting (or one turned down: the provider's last word), else the live terms. */
export function termsToEdit(answer: ListingProgrammeJson | undefined) {
  if (answer?.proposal) return answer.proposal.terms;
  return answer?.programme ?? null;
}
