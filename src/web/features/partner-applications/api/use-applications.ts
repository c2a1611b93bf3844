import { useQuery } from '@tanstack/react-query';
import type { PartnerApplicationJson } from '../../../../shared/schemas/partner-application';
import { apiGet, withQuery } from '../../../lib/api';
import { applicationKeys } from './application-keys';

/** GET /api/partner-applications/mine: the signed-in member's applications, latest change first. */
export function useMyApplications(enabled = true) {
  return useQuery({ queryKey: applicationKeys.mine, queryFn: () => apiGet<PartnerApplicationJson[]>('/api/partner-applications/mine'), enabled });
}

/** GET /api/provider/partner-applications: applications to the provider's programmes. */
export function useProviderApplications(status: string) {
  return useQuery({ queryKey: applicationKeys.provider(status), queryFn: () => apiGet<PartnerApplicationJson[]>(withQuery('/api/provider/partner-applications', { status })) });
}

/** GET /api/admin/partner-applications: every application, for administrators. */
export function useAdminApplications(status: string) {
  return useQuery({ queryKey: applicationKeys.admin(status), queryFn: () => apiGet<PartnerApplicationJson[]>(withQuery('/api/admin/partner-applications', { status })) });
}
