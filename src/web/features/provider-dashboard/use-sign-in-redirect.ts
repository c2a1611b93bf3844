import { useEffect } from 'react';
import { redirectAfter } from '../../lib/current-user';
import { toast } from '../../lib/toast';

/** Signed out on /provider: the spec's 'Unauthorized' toast, then /api/login after 500 ms. */
export function useSignInRedirect(signedOut: boolean) {
  useEffect(() => {
    if (!signedOut) return;
    toast({ title: 'Unauthorized', description: 'You need to be logged in to access the provider dashboard.', variant: 'destructive' });
    redirectAfter('/api/login');
  }, [signedOut]);
}
