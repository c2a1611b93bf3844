import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserCreateInput } from '../../../../shared/schemas/admin-user';
import type { User } from '../../../../shared/types';
import { apiGetPage, apiRequest, withQuery } from '../../../lib/api';
import { adminKeys, refreshListings } from './admin-keys';

export const USERS_PAGE_SIZE = 50;

/** One page of users, newest first, optionally searched (e-mail, name or company), with the total. */
export const useAdminUsers = (search: string, page: number) =>
  useQuery({
    queryKey: adminKeys.usersPage(search, page),
    queryFn: () => apiGetPage<AdminUser>(withQuery('/api/admin/users', { search, limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE })),
    placeholderData: keepPreviousData,
  });

export function useSetUserFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, flag, value }: { userId: string; flag: 'admin' | 'provider'; value: boolean }) =>
      apiRequest<User>('PUT', `/api/admin/users/${encodeURIComponent(userId)}/${flag}`, flag === 'admin' ? { isAdmin: value } : { isProvider: value }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiRequest<void>('DELETE', `/api/admin/users/${encodeURIComponent(userId)}`),
    // Their listings went with them.
    onSuccess: () => void Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.users }), refreshListings(queryClient)]),
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminUserCreateInput) => apiRequest<{ user: User; invitationUrl: string }>('POST', '/api/admin/users', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.users }),
  });
}
