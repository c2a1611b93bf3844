import { z } from 'zod';
import { websiteField } from './website';

/** A required text field: trimmed, and the given message when it is missing or blank. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** An optional text field: blank becomes null, so "cleared" and "never set" look the same. */
export const optionalText = (max = 2000) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const emailField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, message));

export const passwordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(200, 'Password must be at most 200 characters');

export const loginSchema = z.object({
  email: emailField('Please enter a valid email'),
  password: passwordField,
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = loginSchema.extend({
  firstName: requiredText('First name is required').pipe(z.string().max(100)),
  lastName: requiredText('Last name is required').pipe(z.string().max(100)),
  companyName: optionalText(200),
});
export type RegisterInput = z.input<typeof registerSchema>;

function profileFields(messages: { email: string; website: string }) {
  return z.object({
    firstName: requiredText('First name is required').pipe(z.string().max(100)),
    lastName: requiredText('Last name is required').pipe(z.string().max(100)),
    email: emailField(messages.email),
    companyName: optionalText(200),
    website: websiteField(messages.website),
    bio: optionalText(2000),
    /** A URL of an image already stored, or a data: URL of a new upload (the server re-encodes it). */
    profileImageUrl: z.string().trim().nullish().transform((value) => (value ? value : null)),
  });
}

/** The 'Complete Your Profile' screen. */
export const completeProfileSchema = profileFields({ email: 'Valid email is required', website: 'Invalid URL' });
export type CompleteProfileInput = z.input<typeof completeProfileSchema>;

/** The member and provider dashboards' profile forms. */
export const profileSchema = profileFields({ email: 'Invalid email address', website: 'Invalid URL' });
export type ProfileInput = z.input<typeof profileSchema>;

/** PATCH /api/profile: the dashboard form, plus the provider dashboard's isProvider flag. */
export const profileUpdateSchema = profileSchema.extend({
  isProvider: z.literal(true).optional(),
});
