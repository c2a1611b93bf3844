import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { type z } from 'zod';
import { Check, Copy } from '../../../components/ui/icons';
import { adminUserCreateSchema, type AdminUserCreateInput } from '../../../../shared/schemas/admin-user';
import { slugify } from '../../../../shared/slug';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useCreateUser } from '../api/use-admin-users';
import { randomUuid } from '../random-id';

type Values = z.output<typeof adminUserCreateSchema>;

/** The slug the spec asks for: the names plus a random suffix, so two Jane Does never clash. */
function newSlug(firstName: string, lastName: string) {
  const suffix = Array.from(crypto.getRandomValues(new Uint8Array(3)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${slugify(`${firstName} ${lastName}`) || 'user'}-${suffix}`;
}

/** Add User: creates the account and shows its one-time invitation link to copy. */
export function AddUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [invitation, setInvitation] = useState<{ url: string; email: string } | null>(null);
  const close = (next: boolean) => {
    if (!next) setInvitation(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={invitation ? 'User created' : 'Add User'}
        description={invitation ? `We e-mailed ${invitation.email} this link to set a password. It is shown only once.` : 'The new user sets their own password from an invitation link.'}
        className="sm:max-w-xl"
      >
        {invitation ? <InvitationLink url={invitation.url} onDone={() => close(false)} /> : <AddUserForm onCreated={(url, email) => setInvitation({ url, email })} onCancel={() => close(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddUserForm({ onCreated, onCancel }: { onCreated: (url: string, email: string) => void; onCancel: () => void }) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const create = useCreateUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminUserCreateInput, unknown, Values>({
    resolver: zodResolver(adminUserCreateSchema),
    // id and slug are filled in on submit; these placeholders only satisfy the shared schema's shape.
    defaultValues: { id: randomUuid(), slug: 'pending-slug', email: '', firstName: '', lastName: '', companyName: '', website: '', bio: '', isAdmin: false, isProvider: false },
  });

  const onSubmit = (values: Values) =>
    create.mutate(
      { ...values, id: randomUuid(), slug: newSlug(values.firstName, values.lastName) },
      {
        onSuccess: ({ invitationUrl, user }) => {
          toast({ title: 'User created successfully' });
          onCreated(invitationUrl, user.email);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) {
            for (const [field, message] of Object.entries(error.fields)) setError(field as keyof AdminUserCreateInput, { message });
          }
          toast({ title: 'Error', description: errorMessage(error, 'Failed to create user'), variant: 'destructive' });
        },
      },
    );

  const invalid = (name: keyof AdminUserCreateInput) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${fieldId(name)}-error` : undefined,
  });

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <FormField id={fieldId('email')} label="Email" error={errors.email?.message}>
        <Input id={fieldId('email')} type="email" autoComplete="off" {...invalid('email')} {...register('email')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId('firstName')} label="First Name" error={errors.firstName?.message}>
          <Input id={fieldId('firstName')} {...invalid('firstName')} {...register('firstName')} />
        </FormField>
        <FormField id={fieldId('lastName')} label="Last Name" error={errors.lastName?.message}>
          <Input id={fieldId('lastName')} {...invalid('lastName')} {...register('lastName')} />
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={fieldId('companyName')} label="Company (optional)" error={errors.companyName?.message}>
          <Input id={fieldId('companyName')} {...invalid('companyName')} {...register('companyName')} />
        </FormField>
        <FormField id={fieldId('website')} label="Website (optional)" error={errors.website?.message}>
          <Input id={fieldId('website')} type="url" placeholder="https://" {...invalid('website')} {...register('website')} />
        </FormField>
      </div>
      <FormField id={fieldId('bio')} label="Bio (optional)" error={errors.bio?.message}>
        <Textarea id={fieldId('bio')} rows={3} {...invalid('bio')} {...register('bio')} />
      </FormField>
      <div className="space-y-3 rounded-lg border border-line p-4">
        {(
          [
            ['isAdmin', 'Administrator', 'Full access to this dashboard.'],
            ['isProvider', 'Service Provider', 'Can list services and tools.'],
          ] as const
        ).map(([name, label, hint]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <div className="flex items-center justify-between gap-4">
                <label htmlFor={fieldId(name)} className="text-sm">
                  <span className="block font-medium text-ink">{label}</span>
                  <span className="text-muted">{hint}</span>
                </label>
                <Switch id={fieldId(name)} checked={!!field.value} onCheckedChange={field.onChange} />
              </div>
            )}
          />
        ))}
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create User'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function InvitationLink({ url, onDone }: { url: string; onDone: () => void }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      toast({ title: 'Copy failed', description: 'Select the link and copy it yourself.', variant: 'destructive' });
    }
  };
  return (
    <div className="space-y-4">
      <FormField id={`${id}-link`} label="Invitation link">
        <div className="flex gap-2">
          <Input id={`${id}-link`} readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="invitation-link" />
          <Button type="button" variant="outline" size="icon" onClick={copy} aria-label="Copy invitation link">
            {copied ? <Check className="h-4 w-4 text-success" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          </Button>
        </div>
      </FormField>
      <p className="text-sm text-muted">The link works once and expires in 7 days.</p>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
