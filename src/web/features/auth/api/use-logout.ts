import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { User } from '../../../../shared/types';
import { errorMessage } from '../../../lib/api';
import { currentUserKey } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { rememberLogoutNotice } from '../logout-notice';

/**
 * Who is signing out, from the moment they asked until the page leaves for /api/logout. The cached
 * user is gone by then, so without this the header would drop the account menu, and with it the
 * spec's 'Logging out...' label, before anyone could see it. A plain store read during render, set
 * before the cache is cleared, so no render ever sees neither.
 */
let signingOut: User | null = null;
const listeners = new Set<() => void>();

export function useSigningOutUser(): User | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => signingOut,
    // Nobody is signing out in a server render, nor while the browser hydrates it.
    () => null,
  );
}

function setSigningOut(user: User | null) {
  signingOut = user;
  listeners.forEach((listener) => listener());
}

/**
 * Sign out (SPEC.md section 4): forget the cached user at once, so no screen keeps showing private
 * data, then let the whole page go to /api/logout, which ends the session and comes back home.
 * The 'Logged out' toast is shown by the page that loads there (logout-notice.ts).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      setSigningOut(queryClient.getQueryData<User | null>(currentUserKey) ?? null);
      await queryClient.cancelQueries({ queryKey: currentUserKey });
      queryClient.setQueryData(currentUserKey, null);
    },
    onSuccess: () => {
      rememberLogoutNotice();
      window.location.assign('/api/logout');
    },
    onError: (error) => {
      setSigningOut(null);
      toast({ title: 'Logout failed', description: errorMessage(error, error.message), variant: 'destructive' });
    },
  });
  // Still "logging out" after success: the page is on its way to /api/logout.
  return {
    logout: () => mutation.mutate(),
    isLoggingOut: mutation.isPending || mutation.isSuccess,
  };
}

