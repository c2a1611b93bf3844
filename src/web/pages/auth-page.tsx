import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { PageSpinner } from '../components/ui/page-spinner';
import { AuthPanel } from '../features/auth/components/auth-panel';
import { useCurrentUser } from '../lib/current-user';
import { usePageMeta } from '../lib/page-meta';
import { useSite } from '../lib/site';

// The spec's pause between "Welcome back!" and the home page.
const REDIRECT_DELAY_MS = 500;

/** /auth: Login and Register tabs. Someone already signed in goes straight home. */
export function AuthPage() {
  usePageMeta('auth');
  const { user, isLoading } = useCurrentUser();
  const { siteName } = useSite();
  const [, navigate] = useLocation();
  const [signedInHere, setSignedInHere] = useState(false);

  if (isLoading) return <PageSpinner />;
  if (user && !signedInHere) return <Redirect to="/" replace />;

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      <AuthPanel
        title={`Welcome to ${siteName}`}
        description="Sign in to save favourites and review services, or create an account to list your own."
        onSignedIn={() => {
          setSignedInHere(true);
          window.setTimeout(() => navigate('/'), REDIRECT_DELAY_MS);
        }}
      />
    </main>
  );
}
