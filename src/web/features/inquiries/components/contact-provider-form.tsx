import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { CONTACT_FIELDS_REQUIRED, type InquiryInput, inquirySchema } from '../../../../shared/schemas/inquiry';
import type { User } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { redirectAfter } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useContactProvider } from '../api/use-contact-provider';

type ContactProviderFormProps = {
  serviceId: number;
  /** The signed-in member, whose name and e-mail fill the form in; null when signed out. */
  member: User | null;
};

const fullName = (user: User | null) => [user?.firstName, user?.lastName].filter(Boolean).join(' ');

/** The contact form in a service's sidebar (services only): name, email and message to the provider. */
export function ContactProviderForm({ serviceId, member }: ContactProviderFormProps) {
  const contact = useContactProvider(serviceId);
  const form = useForm<InquiryInput>({
    resolver: zodResolver(inquirySchema),
    defaultValues: { name: fullName(member), email: member?.email ?? '', message: '' },
  });
  const { errors } = form.formState;

  // The member may become known after the form appeared: fill in what the visitor has not typed.
  useEffect(() => {
    if (!member) return;
    if (!form.getValues('name')) form.setValue('name', fullName(member));
    if (!form.getValues('email')) form.setValue('email', member.email);
  }, [member, form]);

  const onValid = (inquiry: InquiryInput) =>
    contact.mutate(inquiry, {
      onSuccess: () => {
        toast({ title: 'Message sent!', description: 'Your message has been sent to the provider.' });
        form.reset({ name: fullName(member), email: member?.email ?? '', message: '' });
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          toast({ title: 'Please sign in', description: 'You need to be logged in to contact providers.', variant: 'destructive' });
          redirectAfter('/api/login', 500);
          return;
        }
        toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
      },
    });

  const onInvalid = (invalid: FieldErrors<InquiryInput>) => {
    const messages = Object.values(invalid).map((error) => error?.message);
    const missingOnly = messages.every((message) => message === CONTACT_FIELDS_REQUIRED);
    // A malformed address is the one problem that is not a missing field: say so.
    toast(
      missingOnly
        ? { title: 'All fields required', description: CONTACT_FIELDS_REQUIRED, variant: 'destructive' }
        : { title: 'Check your email', description: messages.find((message) => message && message !== CONTACT_FIELDS_REQUIRED), variant: 'destructive' },
    );
  };

  const describedBy = (field: keyof InquiryInput) => (errors[field] ? `contact-${field}-error` : undefined);

  return (
    <section aria-labelledby="contact-provider-heading">
      <h2 id="contact-provider-heading" className="text-lg font-semibold text-ink">
        Contact Provider
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">Ask about scope, timing or pricing. The provider replies by email.</p>
      <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="space-y-4">
        <FormField id="contact-name" label="Your name" error={errors.name?.message}>
          <Input id="contact-name" autoComplete="name" aria-invalid={!!errors.name} aria-describedby={describedBy('name')} {...form.register('name')} />
        </FormField>
        <FormField id="contact-email" label="Your email" error={errors.email?.message}>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            aria-describedby={describedBy('email')}
            {...form.register('email')}
          />
        </FormField>
        <FormField id="contact-message" label="Message" error={errors.message?.message}>
          <Textarea
            id="contact-message"
            rows={5}
            placeholder="Tell the provider about your project, timeline and budget."
            aria-invalid={!!errors.message}
            aria-describedby={describedBy('message')}
            {...form.register('message')}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={contact.isPending}>
          {contact.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </section>
  );
}
