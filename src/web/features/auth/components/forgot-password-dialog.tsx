import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MailCheck } from '../../../components/ui/icons';
import { type PasswordResetRequestInput, passwordResetRequestSchema } from '../../../../shared/schemas/password-reset';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/use-request-password-reset';

/** 'Forgot password?' on the Login tab: asks for the address and e-mails a one-time link to set a new password. */
export function ForgotPasswordDialog() {
  const [open, setOpen] = useState(false);
  const request = useRequestPasswordReset();
  const form = useForm<PasswordResetRequestInput, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: '' },
  });
  const error = form.formState.errors.email?.message;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) {
      form.reset();
      request.reset();
    }
  }

  const onSubmit = (values: z.output<typeof passwordResetRequestSchema>) =>
    request.mutate(values, {
      onError: (failure) => toast({ title: 'Error', description: errorMessage(failure), variant: 'destructive' }),
    });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <button type="button" className="cursor-pointer text-sm font-medium text-primary hover:underline">
          Forgot password?
        </button>
      </DialogTrigger>
      <DialogContent title="Reset your password" description="Enter the email address of your account and we will send you a link to choose a new password.">
        {request.isSuccess ? (
          <div role="status" className="space-y-4">
            <div className="flex gap-3 rounded-lg bg-primary-soft p-4 text-sm text-ink">
              <MailCheck className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
              <p>{request.data.message}</p>
            </div>
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              // The dialog is portalled out of the login form in the page, but React still bubbles
              // its submit event to that form: keep it here.
              event.stopPropagation();
              void form.handleSubmit(onSubmit)(event);
            }}
          >
            <FormField id="forgot-email" label="Email" error={error}>
              <Input
                id="forgot-email"
                type="email"
                autoComplete="email"
                aria-invalid={!!error}
                aria-describedby={error ? 'forgot-email-error' : undefined}
                {...form.register('email')}
              />
            </FormField>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? 'Sending...' : 'Send reset link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
