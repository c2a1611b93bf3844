import type { ReactNode } from 'react';
import type { User } from '../../shared/types';
import { CompleteProfileScreen } from '../features/auth/components/complete-profile-screen';
import { useCurrentUser } from '../lib/current-user';

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
        <CompleteProfileScreen user={user} />
      </div>
    );
  }
  return children;
}
