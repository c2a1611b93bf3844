import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/page-spinner';
import { SignInGate } from '../features/auth/components/sign-in-gate';
import { useCurrentUser } from '../lib/current-user';

// The areas that only make sense signed in (SPEC.md section 2, "Access").
const signedInAreas = ['/favorites', '/dashboard', '/provider', '/admin'];

const isSignedInArea = (pathname: string) => signedInAreas.some((area) => pathname === area || pathname.startsWith(`${area}/`));

/** Shows the sign-in screen instead of a signed-in area while nobody is signed in. */
export function SignInRequired({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const { user, isLoading } = useCurrentUser();
  if (!isSignedInArea(location) || user) return children;
  return isLoading ? <PageSpinner /> : <SignInGate />;
}
