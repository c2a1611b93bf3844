import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProgrammeJson, ListingProgrammeJson } from '../../../../shared/schemas/partner-programme-json';
import type { ProgrammeVerification } from '../../../../shared/schemas/partner-programme';
import type { ListingType } from '../../../../shared/types';
import { apiGetPage, apiRequest, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const PROGRAMMES_PAGE_SIZE = 50;

export type ProgrammeFilter = 'all' | 'unverified' | 'stale';

/** GET /api/admin/partner-programmes, one page of one filter: unverified first, then the oldest verifications. */
export const useAdminProgrammes = (filter: ProgrammeFilter, page: number) =>
  useQuery({
    queryKey: adminKeys.programmesPage(filter, page),
    queryFn: () => apiGetPage<AdminProgrammeJson>(withQuery('/api/admin/partner-programmes', { filter, limit: PROGRAMMES_PAGE_SIZE, offset: (page - 1) * PROGRAMMES_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

/** Records that an administrator checked the live terms; every page of the list is read again, the row may leave its filter. */
export function useVerifyProgramme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, verification }: { type: ListingType; id: number; verification: ProgrammeVerification }) =>
      apiRequest<ListingProgrammeJson>('POST', `/api/admin/${type}/${id}/partner-programme/verify`, verification),
    onSuccess: (_answer, { type, id }) => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.programmes });
      void queryClient.invalidateQueries({ queryKey: [`/api/${type}`, 'partner-programme', id] });
    },
  });
}
