import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { formatPersonName } from '../../../../shared/format';
import { type ProfileInput, profileSchema } from '../../../../shared/schemas/auth';
import type { User } from '../../../../shared/types';
import { AvatarUpload } from '../../../components/avatar-upload';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useUpdateProfile } from '../api/use-update-profile';

const formValues = (user: User): ProfileInput => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email,
  companyName: user.companyName ?? '',
  website: user.website ?? '',
  bio: user.bio ?? '',
  profileImageUrl: user.profileImageUrl ?? '',
});

/** The member dashboard's profile: photo, names, e-mail, company, website and bio (SPEC.md section 5). */
export function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const form = useForm<ProfileInput, unknown, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: formValues(user),
  });
  const { errors, isDirty } = form.formState;
  const [firstName, lastName] = form.watch(['firstName', 'lastName']);
  const field = (name: Exclude<keyof ProfileInput, 'profileImageUrl'>) => ({
    id: `member-profile-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `member-profile-${name}-error` : undefined,
    ...form.register(name),
  });

  const onSubmit = (values: z.output<typeof profileSchema>) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        // The stored picture's short URL replaces the uploaded data from now on.
        form.reset(formValues(saved));
        toast({ title: 'Profile updated', description: 'Your profile has been updated successfully.' });
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          toast({ title: 'Unauthorized', description: 'Please log in again to continue.', variant: 'destructive' });
          redirectAfter('/api/login', 500);
          return;
        }
        toast({ title: 'Error', description: errorMessage(error, 'Failed to update profile'), variant: 'destructive' });
      },
    });

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-5">
      <Controller
        control={form.control}
        name="profileImageUrl"
        render={({ field: { value, onChange } }) => (
          <AvatarUpload
            value={value}
            onChange={(dataUrl) => onChange(dataUrl)}
            name={formatPersonName({ firstName: firstName ?? null, lastName: lastName ?? null }) || user.email}
            disabled={update.isPending}
          />
        )}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="member-profile-firstName" label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...field('firstName')} />
        </FormField>
        <FormField id="member-profile-lastName" label="Last name" error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...field('lastName')} />
        </FormField>
      </div>
      <FormField id="member-profile-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('email')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="member-profile-companyName" label="Company name (optional)" error={errors.companyName?.message}>
          <Input autoComplete="organization" {...field('companyName')} />
        </FormField>
        <FormField id="member-profile-website" label="Website (optional)" error={errors.website?.message}>
          <Input type="url" autoComplete="url" placeholder="https://" {...field('website')} />
        </FormField>
      </div>
      <FormField id="member-profile-bio" label="Bio (optional)" error={errors.bio?.message}>
        <Textarea rows={4} {...field('bio')} />
      </FormField>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
        {isDirty && !update.isPending && (
          <Button variant="ghost" onClick={() => form.reset(formValues(user))}>
            Discard changes
          </Button>
        )}
      </div>
    </form>
  );
}
