import { z } from 'zod';
import { emailField } from './auth';

/**
 * Claims of unclaimed listings (docs/decisions/listing-claims.md): the listing page's "Is this
 * your company?" forms, the claim link's page and the administrators' claims queue share these.
 */

/**
 * Mailboxes anyone can open: an address there proves nothing about a company, whatever its
 * website. Also refused as a listing's own domain (a website on one of these gives no e-mail path).
 */
export const freeMailDomains = [
  'gmail.com',
  'googlemail.com',
  'google.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'ymail.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'qq.com',
  '163.com',
] as const;

const freeMail = new Set<string>(freeMailDomains);

/** Whether the domain is a free-mail provider's or one of its subdomains. */
export function isFreeMailDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  return [...freeMail].some((free) => name === free || name.endsWith(`.${free}`));
}

/**
 * The domain claim links of a listing go to: its website's host without "www.", or null when there
 * is none or it is a free-mail provider's (then only a claim with evidence is possible).
 */
export function claimDomainOf(website: string | null | undefined): string | null {
  if (!website) return null;
  let host: string;
  try {
    host = new URL(website).hostname.toLowerCase();
  } catch {
    return null;
  }
  host = host.replace(/^www\./, '').replace(/\.$/, '');
  // An address, not a name: no mailbox is "at" an IP address or a single label.
  if (!host.includes('.') || host.startsWith('[') || /^[\d.]+$/.test(host)) return null;
  return isFreeMailDomain(host) ? null : host;
}

/** Why an address cannot receive a claim link for `domain`, or null when it can. */
export function claimAddressProblem(email: string, domain: string): string | null {
  const at = email.toLowerCase().split('@').pop() ?? '';
  if (isFreeMailDomain(at)) return 'Please use your company address: free e-mail addresses cannot prove who owns a company.';
  if (at !== domain && !at.endsWith(`.${domain}`)) return `The address must be at ${domain}, the domain of the company's website.`;
  return null;
}

/** POST /api/listings/{id}/claims/email: the company address to send the one-time link to. */
export const claimByEmailSchema = z.object({
  email: emailField('Please enter a valid email'),
});
export type ClaimByEmailInput = z.input<typeof claimByEmailSchema>;

/** POST /api/listings/{id}/claims/evidence: what shows that the claimant speaks for the company. */
export const claimEvidenceSchema = z.object({
  evidence: z
    .string({ error: 'Please tell us how you are connected to the company' })
    .trim()
    .min(20, 'Please tell us how you are connected to the company (at least 20 characters)')
    .max(2000, 'Evidence must be less than 2000 characters')
    .refine((value) => !value.includes(String.fromCharCode(0)), 'Text must not contain NUL characters'),
});
export type ClaimEvidenceInput = z.input<typeof claimEvidenceSchema>;

/** POST /api/listing-claims/confirm: the token from the claim link. */
export const claimConfirmSchema = z.object({
  token: z.string({ error: 'This link is incomplete. Please use the link from your email.' }).trim().min(1, 'This link is incomplete. Please use the link from your email.').max(200, 'This link is invalid.'),
});

/** POST /api/admin/listing-claims/{id}/reject: the reason the claimant is told. */
export const claimRejectionSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(1000, 'Reason must be less than 1000 characters')
    .refine((value) => !value.includes(String.fromCharCode(0)), 'Text must not contain NUL characters'),
});
export type ClaimRejectionInput = z.input<typeof claimRejectionSchema>;

export const claimIdParams = z.object({
  id: z.coerce.number({ error: 'Claim id must be a number' }).int('Claim id must be a whole number').positive('Claim id must be a whole number').max(2_147_483_647, 'Claim id must be a whole number'),
});

const isoDate = z.string().describe('ISO 8601 date and time');

/** A claim as its claimant and the administrators see it. */
export const listingClaimJson = z
  .object({
    id: z.number().int(),
    method: z.enum(['email', 'evidence']),
    status: z.enum(['pending', 'approved', 'rejected']),
    email: z.string().nullable(),
    evidence: z.string().nullable(),
    reason: z.string().nullable().describe('Why an administrator rejected it'),
    createdAt: isoDate,
    decidedAt: isoDate.nullable(),
    listing: z.object({ id: z.number().int(), type: z.enum(['tools', 'services']), slug: z.string(), title: z.string(), unclaimedCompany: z.string().nullable(), websiteUrl: z.string().nullable() }),
    claimant: z.object({ id: z.string(), email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), companyName: z.string().nullable() }),
  })
  .meta({ id: 'ListingClaim' });
export type ListingClaimJson = z.infer<typeof listingClaimJson>;

/** What a claim request answers: the message to show, and the claim where one was stored. */
export const claimAnswerJson = z.object({ message: z.string(), claim: listingClaimJson.optional() }).meta({ id: 'ClaimAnswer' });
export type ClaimAnswerJson = z.infer<typeof claimAnswerJson>;
