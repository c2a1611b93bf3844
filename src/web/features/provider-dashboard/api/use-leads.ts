import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Lead } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';
import { providerKeys } from './provider-keys';

export const LEADS_PAGE_SIZE = 20;

/** GET /api/provider/leads: members' inquiries about the provider's services, newest first. */
export function useLeads(offset: number) {
  return useQuery({
    queryKey: providerKeys.leads(offset),
    queryFn: () => apiGetPage<Lead>(withQuery('/api/provider/leads', { limit: LEADS_PAGE_SIZE, offset })),
    placeholderData: keepPreviousData,
  });
}
