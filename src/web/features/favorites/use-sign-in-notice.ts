import { useEffect, useRef } from 'react';
import { redirectAfter } from '../../lib/current-user';
import { toast } from '../../lib/toast';

/**
 * Once `active` turns true, shows the toast and sends the visitor to sign in after the spec's
 * 500 ms. Once per page: a re-render must not stack toasts or timers.
 */
export function useSignInNotice(active: boolean, notice: { title: string; description?: string }) {
  const shown = useRef(false);
  const { title, description } = notice;
  useEffect(() => {
    if (!active || shown.current) return;
    shown.current = true;
    toast({ title, description, variant: 'destructive' });
    redirectAfter('/api/login', 500);
  }, [active, title, description]);
}
