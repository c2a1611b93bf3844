import { type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/page-spinner';
import { redirectAfter, useCurrentUser } from '../lib/current-user';
import { toast, type ToastInput } from '../lib/toast';
import { lazyPage } from './lazy-page';

// The sign-in forms bring the form library and the schemas: loaded only where a visitor needs them.
const SignInGate = lazyPage('features/auth/components/sign-in-gate.tsx', () => import('../features/auth/components/sign-in-gate').then((m) => ({ default: m.SignInGate })));

// The areas that only make sense signed in (SPEC.md section 2, "Access").
const signedInAreas = ['/favorites', '/dashboard', '/provider', '/admin'];

/**
 * Two areas have their own signed-out behaviour in the spec: a notice, then /api/login after
 * 500 ms (which lands on /auth). The auth screen shows meanwhile, as for the other areas.
 */
const signedOutNotices: Record<string, ToastInput> = {
  '/provider': { title: 'Unauthorized', description: 'You need to be logged in to access the provider dashboard.', variant: 'destructive' },
  '/favorites': { title: 'Please log in', description: 'You need to be logged in to view your favorites.', variant: 'destructive' },
};

const areaOf = (pathname: string) => signedInAreas.find((area) => pathname === area || pathname.startsWith(`${area}/`));

/** Shows the sign-in screen instead of a signed-in area while nobody is signed in. */
export function SignInRequired({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const area = areaOf(location);
  const signedOut = !!area && !isLoading && !user;

  useEffect(() => {
    const notice = signedOut && area ? signedOutNotices[area] : undefined;
    if (!notice) return;
    toast(notice);
    redirectAfter('/api/login', 500);
  }, [signedOut, area]);

  if (!area || user) return children;
  return isLoading ? (
    <PageSpinner />
  ) : (
    <Suspense fallback={<PageSpinner />}>
      <SignInGate />
    </Suspense>
  );
}
