import { formatProviderName } from '../../../../shared/format';
import { useAdminUsers } from './use-admin-users';

/** Who a listing may belong to in the admin's listing dialog: providers and administrators. */
export function useProviderChoices() {
  const users = useAdminUsers();
  return (users.data?.items ?? [])
    .filter((user) => user.isProvider || user.isAdmin)
    .map((user) => ({ id: user.id, name: `${formatProviderName(user)} (${user.email})` }));
}
