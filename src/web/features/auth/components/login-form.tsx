import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { loginSchema, type LoginInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useLogin } from '../api/use-login';
import { ForgotPasswordDialog } from './forgot-password-dialog';

export function LoginForm({ onSignedIn }: { onSignedIn?: (user: User) => void }) {
  const login = useLogin({ onSignedIn });
  const form = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))} className="space-y-4">
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input id="login-email" type="email" autoComplete="email" aria-invalid={!!errors.email} aria-describedby={errors.email ? 'login-email-error' : undefined} {...form.register('email')} />
      </FormField>
      <FormField id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          aria-describedby={errors.password ? 'login-password-error' : undefined}
          {...form.register('password')}
        />
      </FormField>
      <div className="-mt-2 flex justify-end">
        <ForgotPasswordDialog />
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
