import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AdminUser } from '../../../shared/schemas/admin-user';
import { apiGetPage, withQuery } from '../../lib/api';

/** How many matches the picker lists: enough to scan, few enough to read; typing narrows the rest. */
const MATCH_LIMIT = 20;
/** Wait for a pause in typing, so each keystroke does not cost a request. */
const DEBOUNCE_MS = 250;

/**
 * The accounts a listing may belong to (providers and administrators) whose e-mail, name or
 * company contains `term`; newest first when the term is empty. While a new term loads, the
 * previous matches stay on screen instead of flashing empty. The key sits under /api/admin/users,
 * so user and listing changes in the admin screens refresh it too.
 */
export function useProviderSearch(term: string, enabled: boolean) {
  const debounced = useDebounced(term.trim(), DEBOUNCE_MS);
  return useQuery({
    queryKey: ['/api/admin/users', 'provider-search', debounced],
    queryFn: () =>
      apiGetPage<AdminUser>(withQuery('/api/admin/users', { canOwnListings: true, search: debounced || undefined, limit: MATCH_LIMIT })),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
