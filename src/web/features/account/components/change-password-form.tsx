import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type ChangePasswordFormInput, changePasswordFormSchema } from '../../../../shared/schemas/account';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useChangePassword } from '../api/use-account-settings';

const fields = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password', hint: 'At least 6 characters.' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** The current password, then the new one twice; other devices are signed out when it changes. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = ({ currentPassword, newPassword }: ChangePasswordFormInput) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ message }) => {
          form.reset();
          toast({ title: 'Password changed', description: message });
        },
        onError: (error) => {
          const wrong = error instanceof ApiError ? error.fields?.currentPassword : undefined;
          if (wrong) form.setError('currentPassword', { message: wrong }, { shouldFocus: true });
          else toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
        },
      },
    );

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-labelledby="change-password-heading">
      <h3 id="change-password-heading" className="text-base font-semibold text-ink">
        Change password
      </h3>
      {fields.map(({ name, label, autoComplete, ...rest }) => (
        <FormField key={name} id={`account-${name}`} label={label} error={errors[name]?.message} hint={'hint' in rest ? rest.hint : undefined}>
          <Input
            id={`account-${name}`}
            type="password"
            autoComplete={autoComplete}
            aria-invalid={!!errors[name]}
            aria-describedby={errors[name] ? `account-${name}-error` : undefined}
            {...form.register(name)}
          />
        </FormField>
      ))}
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Saving...' : 'Change password'}
      </Button>
    </form>
  );
}
