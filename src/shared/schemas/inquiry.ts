import { z } from 'zod';

export const CONTACT_FIELDS_REQUIRED = 'Please fill in all contact form fields.';

const required = (max: number) =>
  z.string({ error: CONTACT_FIELDS_REQUIRED }).trim().min(1, CONTACT_FIELDS_REQUIRED).max(max, `Must be at most ${max} characters`);

/** The contact form in a service's sidebar and POST /api/services/{id}/contact. */
export const inquirySchema = z.object({
  name: required(200),
  email: required(254).pipe(z.email({ error: 'Please enter a valid email' })),
  message: required(5000),
});
export type InquiryInput = z.input<typeof inquirySchema>;
