import { type ReactNode, Suspense } from 'react';
import type { User } from '../../shared/types';
import { useCurrentUser } from '../lib/current-user';
import { HydrationSignal } from './hydration-signal';
import { lazyPage } from './lazy-page';

// Few ever see it, and its form brings the form library and the schemas: loaded when needed.
const CompleteProfileScreen = lazyPage('features/auth/components/complete-profile-screen.tsx', () =>
  import('../features/auth/components/complete-profile-screen').then((m) => ({ default: m.CompleteProfileScreen })),
);

const needsProfile = (user: User) => !user.firstName?.trim() || !user.lastName?.trim() || !user.email?.trim();

/**
 * A signed-in user without a first name, last name or e-mail completes the profile before anything
 * else. It wraps the layout, not the page: the screen replaces everything, header and footer too.
 */
export function ProfileCompletionGate({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  if (user && needsProfile(user)) {
    return (
      <div className="flex min-h-screen flex-col">
        <Suspense>
          <CompleteProfileScreen user={user} />
          <HydrationSignal />
        </Suspense>
      </div>
    );
  }
  return children;
}
