import { AuthPanel } from './auth-panel';

/**
 * Stands in for a signed-in area (/favorites, /dashboard, /provider, /admin) while nobody is
 * signed in. Signing in here keeps the visitor on the page they asked for.
 */
export function SignInGate() {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      <AuthPanel title="Sign in to continue" description="Log in or create a free account to open this page." />
    </main>
  );
}
