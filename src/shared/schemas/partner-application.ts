import { z } from 'zod';
import {
  APPLICATION_LIMITS,
  applicationStatuses,
  declineReasons,
  MAX_CLIENT_COUNT,
  MAX_REAPPLY_DAYS,
} from '../partner-application-values';
import { websiteField } from './website';

/**
 * The partner application form, the provider's decisions and the member's answers
 * (docs/decisions/partner-applications.md): one set of schemas for the forms, the routes and the
 * API document. Texts are plain: trimmed, line endings made "\n", control characters (other than
 * new lines and tabs) removed, bounded; the screens print them as text, never as markup.
 */

// eslint-disable-next-line no-control-regex
const controls = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A plain text: cleaned, then bounded; `min` 1 makes it required with `required` as its message. */
export const plainText = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} is required` })
    .transform((value) => value.replace(/\r\n?/g, '\n').replace(controls, '').trim())
    .pipe(
      z
        .string()
        .min(min, `${label} is required`)
        .max(max, `${label} must be at most ${max} characters`),
    );

export const partnerApplicationSchema = z.object({
  agencyName: plainText('Agency name', APPLICATION_LIMITS.agencyName, 1),
  agencyWebsite: websiteField('Please enter a valid website').refine((value) => value !== null, 'Agency website is required').transform((value) => value!),
  clientCount: z.coerce
    .number({ error: 'How many clients must be a number' })
    .int('How many clients must be a whole number')
    .min(0, 'How many clients cannot be negative')
    .max(MAX_CLIENT_COUNT, `How many clients must be at most ${MAX_CLIENT_COUNT}`),
  regions: plainText('Regions', APPLICATION_LIMITS.regions, 1),
  services: plainText('Services you offer', APPLICATION_LIMITS.services, 1),
  message: plainText('Message', APPLICATION_LIMITS.message, 1),
});
export type PartnerApplicationInput = z.input<typeof partnerApplicationSchema>;
export type PartnerApplicationData = z.output<typeof partnerApplicationSchema>;

export const approveApplicationSchema = z.object({
  welcomeMessage: plainText('Welcome message', APPLICATION_LIMITS.welcome).optional().default(''),
});

export const declineApplicationSchema = z.object({
  reason: z.enum(declineReasons, { error: 'Choose a reason' }),
  note: plainText('Note', APPLICATION_LIMITS.note).optional().default(''),
  reapplyAfterDays: z.coerce
    .number({ error: 'The waiting period must be a number of days' })
    .int('The waiting period must be whole days')
    .min(0, 'The waiting period cannot be negative')
    .max(MAX_REAPPLY_DAYS, `The waiting period is at most ${MAX_REAPPLY_DAYS} days`)
    .default(30),
});

export const applicationMessageSchema = z.object({
  message: plainText('Message', APPLICATION_LIMITS.message, 1),
});

export const withdrawApplicationSchema = z.object({
  note: plainText('Note', APPLICATION_LIMITS.note).optional().default(''),
});

export const applicationListQuerySchema = z.object({
  status: z.enum([...applicationStatuses, 'open', 'all'], { error: 'status must be open, all, or an application status' }).default('all'),
});

const iso = z.string().describe('ISO 8601 date and time');

export const applicationMessageJson = z.object({
  id: z.number().int(),
  authorRole: z.enum(['applicant', 'provider', 'admin']),
  kind: z.enum(['question', 'answer', 'note']),
  body: z.string(),
  createdAt: iso,
});

export const partnerApplicationJson = z
  .object({
    id: z.number().int(),
    status: z.enum(applicationStatuses),
    listing: z.object({ id: z.number().int(), type: z.enum(['tools', 'services']), slug: z.string(), title: z.string() }),
    applicant: z.object({ id: z.string(), name: z.string() }).describe('The member who applied (no e-mail address: the thread is how the provider asks them)'),
    agencyName: z.string(),
    agencyWebsite: z.string(),
    clientCount: z.number().int(),
    regions: z.string(),
    services: z.string(),
    message: z.string(),
    declineReason: z.enum(declineReasons).nullable(),
    declineNote: z.string().nullable(),
    reapplyAfter: iso.nullable().describe('After a decline: when the member may apply again'),
    withdrawnBy: z.enum(['applicant', 'provider', 'admin']).nullable(),
    onboarding: z
      .object({ welcomeMessage: z.string().nullable(), joinUrl: z.string().nullable(), termsUrl: z.string().nullable() })
      .nullable()
      .describe("Once approved: the provider's welcome and the programme's join and terms links"),
    thread: z.array(applicationMessageJson),
    createdAt: iso,
    updatedAt: iso,
    decidedAt: iso.nullable(),
    approvedAt: iso.nullable(),
  })
  .meta({ id: 'PartnerApplication' });
export type PartnerApplicationJson = z.infer<typeof partnerApplicationJson>;
