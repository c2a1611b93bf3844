import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPersonName } from '../../../../shared/format';
import { completeProfileSchema, type CompleteProfileInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { AvatarUpload } from '../../../components/avatar-upload';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { useCompleteProfile } from '../api/use-complete-profile';
import { useLogout } from '../api/use-logout';

/** 'Complete Your Profile': shown instead of any page while a signed-in user lacks a name or e-mail. */
export function CompleteProfileScreen({ user }: { user: User }) {
  const completeProfile = useCompleteProfile();
  // The screen replaces the header and its account menu, so it offers the way out itself.
  const { logout, isLoggingOut } = useLogout();
  const form = useForm<CompleteProfileInput, unknown, z.output<typeof completeProfileSchema>>({
    resolver: zodResolver(completeProfileSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email ?? '',
      companyName: user.companyName ?? '',
      website: user.website ?? '',
      bio: user.bio ?? '',
      profileImageUrl: user.profileImageUrl ?? '',
    },
  });
  const { errors } = form.formState;
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const field = (name: keyof CompleteProfileInput) => ({
    id: `profile-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <main className="flex flex-1 justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-2xl p-6 sm:p-8">
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold text-ink">Complete Your Profile</h1>
          <p className="text-sm text-muted">Tell us a little about yourself to start using your account.</p>
        </div>
        <form noValidate onSubmit={form.handleSubmit((values) => completeProfile.mutate(values))} className="space-y-5">
          <Controller
            control={form.control}
            name="profileImageUrl"
            render={({ field: { value, onChange } }) => (
              <AvatarUpload value={value} onChange={onChange} name={formatPersonName({ firstName: firstName ?? null, lastName: lastName ?? null }) || user.email} />
            )}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="profile-firstName" label="First name" error={errors.firstName?.message}>
              <Input autoComplete="given-name" {...field('firstName')} />
            </FormField>
            <FormField id="profile-lastName" label="Last name" error={errors.lastName?.message}>
              <Input autoComplete="family-name" {...field('lastName')} />
            </FormField>
          </div>
          <FormField id="profile-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...field('email')} />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="profile-companyName" label="Company name (optional)" error={errors.companyName?.message}>
              <Input autoComplete="organization" {...field('companyName')} />
            </FormField>
            <FormField id="profile-website" label="Website (optional)" error={errors.website?.message}>
              <Input type="url" autoComplete="url" placeholder="https://" {...field('website')} />
            </FormField>
          </div>
          <FormField id="profile-bio" label="Bio (optional)" error={errors.bio?.message}>
            <Textarea rows={4} {...field('bio')} />
          </FormField>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Button type="button" variant="ghost" onClick={logout} disabled={isLoggingOut}>
              {isLoggingOut ? 'Logging out...' : 'Sign out'}
            </Button>
            <Button type="submit" className="w-full sm:w-auto" disabled={completeProfile.isPending || completeProfile.isSuccess}>
              {completeProfile.isPending ? 'Completing Profile...' : 'Complete Profile'}
            </Button>
          </div>
        </form>
      </Card>
    </main>
  );
}
