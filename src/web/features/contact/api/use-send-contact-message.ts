import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../../shared/schemas/contact';
import { apiRequest } from '../../../lib/api';
import { toast } from '../../../lib/toast';

/** POST /api/contact: the contact page's message to the site's team. */
export function useSendContactMessage({ onSent }: { onSent?: () => void } = {}) {
  return useMutation({
    mutationFn: (input: ContactInput) => apiRequest<{ message: string }>('POST', '/api/contact', input),
    onSuccess: () => {
      toast({ title: 'Message sent!', description: "Thank you for reaching out. We'll get back to you within 24 hours." });
      onSent?.();
    },
    onError: () => {
      toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
    },
  });
}
