import { z } from 'zod';
import { emailField, passwordField } from './auth';

/** 'Forgot password?': the address to send a reset link to. */
export const passwordResetRequestSchema = z.object({
  email: emailField('Please enter a valid email'),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** The reset and invitation links both end here: the token from the link and the new password. */
export const setPasswordSchema = z.object({
  token: z.string({ error: 'This link is incomplete. Please use the link from your email.' }).trim().min(1, 'This link is incomplete. Please use the link from your email.').max(200, 'This link is invalid.'),
  password: passwordField,
});
export type SetPasswordPayload = z.output<typeof setPasswordSchema>;

/** The set-password page's form: the password twice, so a typo does not lock the person out. */
export const setPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine((value) => value.password === value.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type SetPasswordFormInput = z.input<typeof setPasswordFormSchema>;
