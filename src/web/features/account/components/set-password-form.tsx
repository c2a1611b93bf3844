import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { User } from '../../../../shared/types';
import { type SetPasswordFormInput, setPasswordFormSchema } from '../../../../shared/schemas/password-reset';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { type SetPasswordPurpose, useSetPassword } from '../api/use-set-password';

type SetPasswordFormProps = {
  purpose: SetPasswordPurpose;
  token: string;
  onDone: (user: User) => void;
};

/** The new password, twice. On success the person is signed in and every other session has ended. */
export function SetPasswordForm({ purpose, token, onDone }: SetPasswordFormProps) {
  const setPassword = useSetPassword(purpose);
  const form = useForm<SetPasswordFormInput>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = ({ password }: SetPasswordFormInput) =>
    setPassword.mutate(
      { token, password },
      {
        onSuccess: (user) => {
          toast(
            purpose === 'invitation'
              ? { title: 'Welcome!', description: 'Your password is set and you are signed in.' }
              : { title: 'Password updated', description: 'Your new password is set and you are signed in.' },
          );
          onDone(user);
        },
        onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <FormField id="new-password" label="New password" error={errors.password?.message} hint="At least 6 characters.">
        <Input
          id="new-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'new-password-error' : undefined}
          {...form.register('password')}
        />
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        <Input
          id="confirm-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.confirmPassword}
          aria-describedby={errors.confirmPassword ? 'confirm-password-error' : undefined}
          {...form.register('confirmPassword')}
        />
      </FormField>
      {setPassword.isError && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-danger">
          {errorMessage(setPassword.error)}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={setPassword.isPending || setPassword.isSuccess}>
        {setPassword.isPending ? 'Saving...' : purpose === 'invitation' ? 'Set password and sign in' : 'Set new password'}
      </Button>
    </form>
  );
}
