import { Link, useLocation, useSearch } from 'wouter';
import { Card } from '../components/ui/card';
import { SetPasswordForm } from '../features/account/components/set-password-form';
import { usePageMeta } from '../lib/page-meta';

const copy = {
  'password-reset': {
    title: 'Choose a new password',
    description: 'Set a new password for your account. You will be signed in, and signed out everywhere else.',
  },
  invitation: {
    title: 'Welcome! Set your password',
    description: 'An administrator created an account for you. Choose a password to finish setting it up.',
  },
} as const;

/** /reset-password?token= and /invitation?token=: where the e-mailed one-time links lead. */
export default function SetPasswordPage({ purpose }: { purpose: 'password-reset' | 'invitation' }) {
  const token = new URLSearchParams(useSearch()).get('token')?.trim() ?? '';
  const [, navigate] = useLocation();
  const text = copy[purpose];
  // Page names match the addresses: /api/meta/reset-password and /api/meta/invitation.
  usePageMeta(purpose === 'password-reset' ? 'reset-password' : 'invitation');

  return (
    <main className="flex flex-1 items-start justify-center px-4 py-12 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-bold text-ink">{text.title}</h1>
        {token ? (
          <>
            <p className="mt-2 mb-6 text-sm text-muted">{text.description}</p>
            <SetPasswordForm purpose={purpose} token={token} onDone={(user) => navigate(user.isProvider ? '/provider' : '/dashboard')} />
          </>
        ) : (
          <div role="alert" className="mt-4 space-y-4 text-sm text-muted">
            <p>This link is incomplete. Please open the link from your email again, or copy all of it into the address bar.</p>
            {purpose === 'password-reset' && (
              <p>
                You can also{' '}
                <Link href="/auth" className="font-medium text-primary hover:underline">
                  ask for a new link
                </Link>{' '}
                with 'Forgot password?' on the login form.
              </p>
            )}
          </div>
        )}
      </Card>
    </main>
  );
}
