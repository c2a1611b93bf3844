import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { Send } from '../../../components/ui/icons';
import { CONTACT_REQUIRED_MESSAGE, CONTACT_REQUIRED_TITLE, contactSchema, type ContactInput } from '../../../../shared/schemas/contact';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../lib/toast';
import { useSendContactMessage } from '../api/use-send-contact-message';

const empty: ContactInput = { name: '', email: '', subject: '', message: '' };

/** The contact page's form: name, e-mail, subject and message, all required. */
export function ContactForm() {
  const form = useForm<ContactInput, unknown, z.output<typeof contactSchema>>({ resolver: zodResolver(contactSchema), defaultValues: empty });
  const send = useSendContactMessage({ onSent: () => form.reset(empty) });
  const { errors } = form.formState;

  // The spec's toast for blank fields, on top of the messages under each field.
  function onInvalid(invalid: FieldErrors<ContactInput>) {
    if (Object.values(invalid).some((error) => error?.message === CONTACT_REQUIRED_MESSAGE)) {
      toast({ title: CONTACT_REQUIRED_TITLE, description: CONTACT_REQUIRED_MESSAGE, variant: 'destructive' });
    }
  }

  // Blank fields share one message, said once above the button; a field's own problem (a malformed
  // e-mail, too long a text) shows under it.
  const ownError = (name: keyof ContactInput) => {
    const message = errors[name]?.message;
    return message === CONTACT_REQUIRED_MESSAGE ? undefined : message;
  };
  const missingFields = Object.values(errors).some((error) => error?.message === CONTACT_REQUIRED_MESSAGE);
  const field = (name: keyof ContactInput) => ({
    id: `contact-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': ownError(name) ? `contact-${name}-error` : missingFields && errors[name] ? 'contact-missing' : undefined,
    ...form.register(name),
  });

  return (
    <form method="post" noValidate onSubmit={form.handleSubmit((values) => send.mutate(values), onInvalid)} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={ownError('name')}>
          <Input autoComplete="name" {...field('name')} />
        </FormField>
        <FormField id="contact-email" label="Email" error={ownError('email')}>
          <Input type="email" autoComplete="email" {...field('email')} />
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" error={ownError('subject')}>
        <Input {...field('subject')} />
      </FormField>
      <FormField id="contact-message" label="Message" error={ownError('message')}>
        <Textarea rows={6} {...field('message')} />
      </FormField>
      {missingFields && (
        <p id="contact-missing" className="text-sm text-danger">
          {CONTACT_REQUIRED_MESSAGE}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" disabled={send.isPending}>
        <Send className="h-4 w-4" aria-hidden="true" /> {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
