import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPersonName } from '../../../../shared/format';
import { profileSchema, type ProfileInput } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { AvatarUpload } from '../../../components/avatar-upload';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { useSaveProviderProfile } from '../api/use-save-provider-profile';

/**
 * The provider's public profile (company page). Saving it also makes the user a provider
 * (SPEC.md section 4), which is how a member starts listing.
 */
export function ProviderProfileForm({ user, submitLabel = 'Save Profile' }: { user: User; submitLabel?: string }) {
  const save = useSaveProviderProfile();
  const form = useForm<ProfileInput, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      email: user.email,
      companyName: user.companyName ?? '',
      website: user.website ?? '',
      bio: user.bio ?? '',
      profileImageUrl: user.profileImageUrl ?? '',
    },
  });
  const { errors } = form.formState;
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const field = (name: keyof ProfileInput) => ({
    id: `provider-profile-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `provider-profile-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Card className="p-5 sm:p-8">
      <form noValidate onSubmit={form.handleSubmit((values) => save.mutate(values))} className="space-y-5">
        <Controller
          control={form.control}
          name="profileImageUrl"
          render={({ field: { value, onChange } }) => (
            <AvatarUpload
              value={value}
              onChange={onChange}
              disabled={save.isPending}
              name={formatPersonName({ firstName: firstName ?? null, lastName: lastName ?? null }) || user.email}
            />
          )}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="provider-profile-firstName" label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...field('firstName')} />
          </FormField>
          <FormField id="provider-profile-lastName" label="Last name" error={errors.lastName?.message}>
            <Input autoComplete="family-name" {...field('lastName')} />
          </FormField>
        </div>
        <FormField id="provider-profile-email" label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="provider-profile-companyName" label="Company name (optional)" error={errors.companyName?.message}>
            <Input autoComplete="organization" {...field('companyName')} />
          </FormField>
          <FormField id="provider-profile-website" label="Website (optional)" error={errors.website?.message}>
            <Input type="url" autoComplete="url" placeholder="https://" {...field('website')} />
          </FormField>
        </div>
        <FormField id="provider-profile-bio" label="Bio (optional)" error={errors.bio?.message} hint="Shown on your company page.">
          <Textarea rows={4} {...field('bio')} />
        </FormField>
        <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : submitLabel}
        </Button>
      </form>
    </Card>
  );
}
