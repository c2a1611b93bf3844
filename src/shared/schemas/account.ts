import { z } from 'zod';
import { passwordField } from './auth';

const currentPassword = (message: string) => z.string({ error: message }).min(1, message).max(200, 'Password must be at most 200 characters');

/** PUT /api/profile/password: the password in use proves it is the owner, not a borrowed session. */
export const changePasswordSchema = z.object({
  currentPassword: currentPassword('Enter your current password'),
  newPassword: passwordField,
});
export type ChangePasswordPayload = z.output<typeof changePasswordSchema>;

/** The dashboards' form: the new password twice, so a typo does not lock the person out. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.newPassword === value.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

/** POST /api/profile/delete: the password again, so a session left open cannot delete the account. */
export const deleteAccountSchema = z.object({
  password: currentPassword('Enter your password to confirm'),
});
export type DeleteAccountPayload = z.output<typeof deleteAccountSchema>;
