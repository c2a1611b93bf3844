import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { registerSchema, type RegisterInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { useRegister } from '../api/use-register';

export function RegisterForm({ onSignedIn }: { onSignedIn?: (user: User) => void }) {
  const registration = useRegister({ onSignedIn });
  const form = useForm<RegisterInput, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', companyName: '', password: '' },
  });
  const { errors } = form.formState;
  const describedBy = (field: keyof RegisterInput) => (errors[field] ? `register-${field}-error` : undefined);

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit((values) => registration.mutate(values))} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-firstName" label="First name" error={errors.firstName?.message}>
          <Input id="register-firstName" autoComplete="given-name" aria-invalid={!!errors.firstName} aria-describedby={describedBy('firstName')} {...form.register('firstName')} />
        </FormField>
        <FormField id="register-lastName" label="Last name" error={errors.lastName?.message}>
          <Input id="register-lastName" autoComplete="family-name" aria-invalid={!!errors.lastName} aria-describedby={describedBy('lastName')} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input id="register-email" type="email" autoComplete="email" aria-invalid={!!errors.email} aria-describedby={describedBy('email')} {...form.register('email')} />
      </FormField>
      <FormField id="register-companyName" label="Company name (optional)" error={errors.companyName?.message}>
        <Input id="register-companyName" autoComplete="organization" aria-invalid={!!errors.companyName} aria-describedby={describedBy('companyName')} {...form.register('companyName')} />
      </FormField>
      <FormField id="register-password" label="Password" hint="At least 6 characters." error={errors.password?.message}>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby={describedBy('password')}
          {...form.register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={registration.isPending}>
        {registration.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
