import { useQuery } from '@tanstack/react-query';
import { formatProviderName } from '../../../../shared/format';
import type { AdminUser } from '../../../../shared/schemas/admin-user';
import type { ProviderSummary } from '../../../../shared/types';
import { apiGetPage, withQuery } from '../../../lib/api';
import { adminKeys } from './admin-keys';

/** The most the users endpoint answers at once. */
const OWNERS_LIMIT = 200;

const choice = (user: Pick<AdminUser, 'id' | 'email' | 'companyName' | 'firstName' | 'lastName'>) => ({
  id: user.id,
  name: `${formatProviderName(user)} (${user.email})`,
});

/**
 * Who a listing may belong to in the admin's listing dialog: providers and administrators, filtered
 * on the server (so members never take up the page), plus the listing's current owner, so an edit
 * shows who owns it even when they are not among the first page or no longer a provider.
 */
export function useProviderChoices(current?: ProviderSummary | null) {
  const owners = useQuery({
    queryKey: adminKeys.listingOwners,
    queryFn: () => apiGetPage<AdminUser>(withQuery('/api/admin/users', { canOwnListings: true, limit: OWNERS_LIMIT })),
  });
  const choices = (owners.data?.items ?? []).map(choice);
  if (current && !choices.some((c) => c.id === current.id)) choices.unshift(choice(current));
  return choices;
}
