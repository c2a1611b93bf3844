import type { User } from '../../../../shared/types';
import { Card } from '../../../components/ui/card';
import { ChangePasswordForm } from './change-password-form';
import { DeleteAccountForm } from './delete-account-form';

/** The dashboards' account settings, under the profile: the password, and leaving for good. */
export function AccountSettings({ user }: { user: User }) {
  return (
    <Card className="max-w-3xl space-y-8 p-5 sm:p-8">
      <div>
        <h2 className="mb-1 text-xl font-semibold text-ink">Account settings</h2>
        <p className="text-sm text-muted">Your password, and deleting your account.</p>
      </div>
      <ChangePasswordForm />
      <hr className="border-line" />
      <DeleteAccountForm user={user} />
    </Card>
  );
}
