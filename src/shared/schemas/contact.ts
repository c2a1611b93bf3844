import { z } from 'zod';

export const CONTACT_REQUIRED_TITLE = 'Missing information';
export const CONTACT_REQUIRED_MESSAGE = 'Please fill in all required fields.';

const required = (max: number) =>
  z.string({ error: CONTACT_REQUIRED_MESSAGE }).trim().min(1, CONTACT_REQUIRED_MESSAGE).max(max, `Must be at most ${max} characters`);

/** The contact page's form and POST /api/contact: every field required once trimmed. */
export const contactSchema = z.object({
  name: required(200),
  email: required(254).pipe(z.email({ error: 'Please enter a valid email' })),
  subject: required(200),
  message: required(5000),
});
export type ContactInput = z.input<typeof contactSchema>;
