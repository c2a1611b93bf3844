import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type DeleteAccountPayload, deleteAccountSchema } from '../../../../shared/schemas/account';
import type { User } from '../../../../shared/types';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/use-account-settings';

/** What deleting the account does, said before it is done (docs/decisions/account-deletion.md). */
function consequences(user: User): string[] {
  return [
    'Your profile and sign-in are deleted, and you are signed out everywhere.',
    'Your reviews are removed, and the ratings they counted in are recalculated.',
    ...(user.isProvider ? ['Your listings are taken down for good, with their partner terms and figures, and the leads in your inbox are deleted.'] : []),
    'Messages you sent to providers stay with them, with the name and e-mail address you gave.',
    'Your favourites are deleted. This cannot be undone.',
  ];
}

/** The password again, then a confirmation that repeats what will happen. */
export function DeleteAccountForm({ user }: { user: User }) {
  const remove = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<DeleteAccountPayload>({ resolver: zodResolver(deleteAccountSchema), defaultValues: { password: '' } });
  const { errors } = form.formState;
  const list = consequences(user);

  const onConfirm = () =>
    remove.mutate(form.getValues(), {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: 'Account deleted', description: 'Your account has been deleted. Goodbye!' });
        redirectAfter('/', 800);
      },
      onError: (error) => {
        setConfirming(false);
        const wrong = error instanceof ApiError ? error.fields?.password : undefined;
        if (wrong) form.setError('password', { message: wrong }, { shouldFocus: true });
        else toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(() => setConfirming(true))} className="space-y-4" aria-labelledby="delete-account-heading">
      <h3 id="delete-account-heading" className="text-base font-semibold text-danger">
        Delete account
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
        {list.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <FormField id="delete-account-password" label="Your password" error={errors.password?.message}>
        <Input
          id="delete-account-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'delete-account-password-error' : undefined}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" variant="destructive" disabled={remove.isPending}>
        Delete my account
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete your account?"
        description={list.join(' ')}
        confirmLabel="Delete my account"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={onConfirm}
      />
    </form>
  );
}
