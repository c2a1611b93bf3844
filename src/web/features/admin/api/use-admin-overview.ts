import { useQuery } from '@tanstack/react-query';
import type { AdminOverview, AuditEntry } from '../../../../shared/schemas/admin-user';
import { apiGet, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

export const useAdminOverview = () => useQuery({ queryKey: adminKeys.overview, queryFn: () => apiGet<AdminOverview>('/api/admin/overview') });

export const useAuditLog = (limit: number) =>
  useQuery({ queryKey: adminKeys.audit(limit), queryFn: () => apiGet<AuditEntry[]>(withQuery('/api/admin/audit', { limit })) });
