import { useQuery } from '@tanstack/react-query';
import type { User } from '../../shared/types';
import { apiGet, isUnauthorized } from './api';
import { afterToastShown } from './toast';

export const currentUserKey = ['/api/auth/user'] as const;

/** GET /api/auth/user, where a 401 means "signed out", not an error (SPEC.md section 4). */
export async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>('/api/auth/user');
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

export function useCurrentUser() {
  const query = useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
  const user = query.data ?? null;
  return { user, isLoading: query.isLoading, isAuthenticated: !!user };
}

/**
 * A full page navigation the spec's delay after the toast that explains it is on screen (sign-in
 * prompts use /api/login).
 */
export function redirectAfter(url: string, delayMs = 500) {
  afterToastShown(delayMs, () => window.location.assign(url));
}
