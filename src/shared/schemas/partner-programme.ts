import { z } from 'zod';
import {
  billingModels,
  billingPeriods,
  COMMISSION_TYPES,
  commissionTypes,
  earlyCancellations,
  joinApprovals,
  payoutFrequencies,
  programmeTypes,
  RESALE_TYPES,
  supportModels,
  termsVisibilities,
  verificationSources,
  whiteLabelFeatures,
} from '../partner-programme-values';

/**
 * THE partner programme of a listing (docs/decisions/partner-programmes.md): one schema validates
 * the listing dialog's "Partner programme" section, the PUT routes of providers and
 * administrators, the CSV import's columns and the OpenAPI document. The form holds text (numbers
 * as typed, blank for none); the parsed output is what the database stores. Money is a decimal
 * string in the listing's price unit, like the listing's price.
 */

const MAX_MONEY = 9_999_999_999.99;
const MAX_COMMISSION_MONTHS = 120;

/** Blank (or absent) is none; otherwise a non-negative amount with at most two decimals, stored as "12.50". */
const money = (label: string) =>
  z
    .union([z.number(), z.string()], { error: `${label} must be a number with at most two decimals` })
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))
    .refine((value) => value === '' || /^\d+(\.\d{1,2})?$/.test(value), `${label} must be a number with at most two decimals`)
    .refine((value) => value === '' || Number(value) <= MAX_MONEY, `${label} is too large`)
    .transform((value) => (value === '' ? null : Number(value).toFixed(2)));

/** A whole number in a range as typed or sent; blank is none. */
const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union([z.number(), z.string()], { error: message })
    .nullish()
    .transform((value) => (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? null : Number(value)))
    .refine((value) => value === null || (Number.isInteger(value) && value >= min && value <= max), message);

/** The same where blank means 0 (no trial, no commitment, no seats). */
const count = (message: string, min: number, max: number) => wholeNumber(message, min, max).transform((value) => value ?? 0);

/** Checkboxes and lists: duplicates dropped, every entry one of the allowed values. */
const setOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .array(z.enum(values, { error: message }), { error: message })
    .nullish()
    .transform((items) => [...new Set(items ?? [])].sort((a, b) => values.indexOf(a) - values.indexOf(b)));

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values, { error: message }), z.literal('')], { error: message })
    .nullish()
    .transform((value) => (value ? value : null));

const httpsUrl = (label: string) =>
  z
    .string({ error: `${label} must be an https:// address` })
    .trim()
    .max(2000, `${label} must be an https:// address`)
    .refine((value) => value === '' || isHttpsUrl(value), `${label} must be an https:// address`)
    .nullish()
    .transform((value) => (value ? value : null));

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** "Lifetime", a whole number of months 0-120 (0: paid once), or blank. */
const commissionMonths = z
  .union([z.number(), z.string()], { error: 'Commission months must be 0-120 or lifetime' })
  .nullish()
  .transform((value) => {
    if (value === null || value === undefined) return null;
    const text = String(value).trim().toLowerCase();
    if (text === '') return null;
    return text === 'lifetime' ? ('lifetime' as const) : Number(text);
  })
  .refine(
    (value) => value === null || value === 'lifetime' || (Number.isInteger(value) && value >= 0 && value <= MAX_COMMISSION_MONTHS),
    'Commission months must be 0-120 or lifetime',
  );

/** ISO 3166-1 alpha-2 codes, comma-separated or a list; "worldwide" or blank is everywhere (an empty list). */
const territories = z
  .union([z.string(), z.array(z.string())], { error: 'Territories must be country codes such as US, GB or worldwide' })
  .nullish()
  .transform((value) => {
    const parts = typeof value === 'string' ? value.split(/[,;|\s]+/) : (value ?? []);
    const codes = parts.map((part) => part.trim().toUpperCase()).filter(Boolean);
    return codes.includes('WORLDWIDE') ? [] : [...new Set(codes)].sort();
  })
  .refine((codes) => codes.every((code) => /^[A-Z]{2}$/.test(code)), 'Territories must be country codes such as US, GB or worldwide')
  .refine((codes) => codes.length <= 250, 'At most 250 territories');

const fields = z.object({
  types: setOf(programmeTypes, 'Choose the programme types from the list'),
  visibility: z.enum(termsVisibilities, { error: 'Choose who sees the numbers' }),
  wholesalePrice: money('Wholesale price'),
  suggestedRetailPrice: money('Suggested retail price'),
  minRetailPrice: money('Minimum retail price'),
  setupFeeWholesale: money('Wholesale setup fee'),
  setupFeeSuggested: money('Suggested setup fee'),
  commissionType: optionalEnum(commissionTypes, 'Commission type must be percent or flat'),
  commissionValue: money('Commission'),
  commissionMonths,
  cookieDays: wholeNumber('Cookie window must be 1-365 days', 1, 365),
  payoutMinimum: money('Payout minimum'),
  payoutFrequency: optionalEnum(payoutFrequencies, 'Payout frequency must be monthly, quarterly or per transaction'),
  billingModel: z.enum(billingModels, { error: 'Choose who bills whom' }),
  billingPeriod: z.enum(billingPeriods, { error: 'Choose the billing period' }),
  commitmentMonths: count('Minimum commitment must be 0-60 months', 0, 60),
  autoRenew: z.boolean({ error: 'Auto-renewal must be yes or no' }).default(false),
  earlyCancellation: z.enum(earlyCancellations, { error: 'Choose whether early cancellation is allowed' }).default('allowed'),
  trialDays: count('Trial must be 0-90 days', 0, 90),
  demoAccount: z.boolean({ error: 'Demo account must be yes or no' }).default(false),
  internalUseSeats: count('Internal-use seats must be 0-1000', 0, 1000),
  whiteLabel: setOf(whiteLabelFeatures, 'Choose the white-label features from the list'),
  territories,
  supportModel: z.enum(supportModels, { error: 'Choose who supports whom' }),
  applyUrl: httpsUrl('Apply URL'),
  joinApproval: z.enum(joinApprovals, { error: 'Choose instant or reviewed' }).default('reviewed'),
  termsUrl: httpsUrl('Terms URL'),
});

type Fields = z.output<typeof fields>;

/** Fields that only a resale programme has: the agency buys at wholesale and sets its own price. */
const RESALE_FIELDS = { wholesalePrice: 'Wholesale price', minRetailPrice: 'Minimum retail price', setupFeeWholesale: 'Wholesale setup fee', setupFeeSuggested: 'Suggested setup fee' } as const;
/** Fields that only a referral or affiliate programme has: the provider pays the agency. */
const COMMISSION_FIELDS = { commissionType: 'Commission type', commissionValue: 'Commission', commissionMonths: 'Commission months', payoutMinimum: 'Payout minimum', payoutFrequency: 'Payout frequency', cookieDays: 'Cookie window' } as const;

/**
 * The rules between fields, each reported on the field a person has to change. Besides what is
 * required, they refuse terms that contradict themselves: fields of a model the programme does
 * not have (a wholesale price on a referral-only programme), a billing period its commitment or
 * renewal cannot go with, and who bills whom against the models.
 */
function checkTerms(terms: Fields, ctx: z.RefinementCtx) {
  const issue = (path: keyof Fields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const resale = terms.types.some((type) => RESALE_TYPES.includes(type));
  const commission = terms.types.some((type) => COMMISSION_TYPES.includes(type));
  const whiteLabelResale = terms.types.includes('white_label_resale');
  const onRequest = terms.visibility === 'on_request';
  const amount = (value: string | null) => (value === null ? null : Number(value));
  const wholesale = amount(terms.wholesalePrice);
  const suggested = amount(terms.suggestedRetailPrice);
  const minimum = amount(terms.minRetailPrice);
  const setupWholesale = amount(terms.setupFeeWholesale);
  const setupSuggested = amount(terms.setupFeeSuggested);

  if (terms.types.length === 0) issue('types', 'Choose at least one programme type');
  if (resale && wholesale === null && !onRequest) issue('wholesalePrice', 'Wholesale price is required for resale unless the terms are on request');
  if (wholesale !== null && suggested !== null && suggested < wholesale) issue('suggestedRetailPrice', 'Suggested retail price must be at least the wholesale price');
  if (minimum !== null && wholesale !== null && minimum < wholesale) issue('minRetailPrice', 'Minimum retail price must be at least the wholesale price');
  if (minimum !== null && suggested !== null && minimum > suggested) issue('minRetailPrice', 'Minimum retail price must be at most the suggested retail price');
  if (setupWholesale !== null && setupSuggested !== null && setupSuggested < setupWholesale) issue('setupFeeSuggested', 'Suggested setup fee must be at least the wholesale setup fee');
  if (commission && !onRequest) {
    if (terms.commissionType === null) issue('commissionType', 'Commission type is required for referral and affiliate programmes');
    if (terms.commissionValue === null) issue('commissionValue', 'Commission is required for referral and affiliate programmes');
    if (terms.commissionMonths === null) issue('commissionMonths', 'Say for how many months commission is paid (0-120 or lifetime)');
  }
  if (commission && onRequest && terms.commissionType === null && terms.commissionValue !== null) issue('commissionType', 'Say whether the commission is a percent or a flat amount');
  if (terms.commissionType === 'percent' && terms.commissionValue !== null && Number(terms.commissionValue) > 100) {
    issue('commissionValue', 'Commission percent must be 0-100');
  }
  if (terms.types.includes('affiliate') && terms.cookieDays === null && !onRequest) issue('cookieDays', 'Cookie window is required for affiliate programmes');

  // Fields of a model the programme does not have. Without any type chosen, the one message is on the types.
  if (terms.types.length > 0) {
    if (!resale) {
      for (const [field, label] of Object.entries(RESALE_FIELDS)) {
        if (terms[field as keyof typeof RESALE_FIELDS] !== null) issue(field as keyof Fields, `${label} applies to resale only: choose white-label or branded resale, or leave it empty`);
      }
      if (terms.whiteLabel.length > 0) issue('whiteLabel', 'White-label features apply to resale only: choose white-label or branded resale, or clear them');
    }
    if (!commission) {
      for (const [field, label] of Object.entries(COMMISSION_FIELDS)) {
        if (terms[field as keyof typeof COMMISSION_FIELDS] !== null) issue(field as keyof Fields, `${label} applies to referral and affiliate programmes only: choose one of them, or leave it empty`);
      }
    }
    if (resale && !whiteLabelResale && terms.whiteLabel.includes('vendor_branding_removed')) issue('whiteLabel', "Branded resale keeps the provider's branding: choose white-label resale, or untick 'vendor branding removed'");
    if (!whiteLabelResale && terms.supportModel === 'provider_supports_client_white_label') issue('supportModel', 'Support under your brand needs a white-label resale programme');
    if (resale && !commission && terms.billingModel === 'provider_bills_client') issue('billingModel', 'In resale the agency buys from the provider: choose "The provider bills you"');
    if (commission && !resale && terms.billingModel === 'provider_bills_agency') issue('billingModel', 'In a referral or affiliate programme the provider bills the client: choose "The provider bills the client"');
  }

  // Billing: a one-off payment has no term to commit to or renew; a yearly bill covers whole years.
  if (terms.billingPeriod === 'one_time') {
    if (terms.commitmentMonths > 0) issue('commitmentMonths', 'A one-off payment has no minimum commitment: set 0, or choose monthly or annual billing');
    if (terms.autoRenew) issue('autoRenew', 'A one-off payment cannot renew automatically: untick it, or choose monthly or annual billing');
  }
  if (terms.billingPeriod === 'annual' && (terms.commitmentMonths === 0 || terms.commitmentMonths % 12 !== 0)) {
    issue('commitmentMonths', 'Billed annually, the commitment is whole years: 12, 24, 36, 48 or 60 months (or choose monthly billing)');
  }
  if (terms.commitmentMonths === 0 && terms.earlyCancellation !== 'allowed') {
    issue('earlyCancellation', 'Without a minimum commitment there is nothing to cancel early: choose "allowed", or set a commitment');
  }
}

/** The billing periods a listing's price type goes with: a one-off price is paid once, a monthly one each month. */
const BILLING_OF_PRICE_TYPE = {
  fixed: ['one_time'],
  monthly: ['monthly'],
  hourly: ['one_time', 'monthly'],
} as const satisfies Record<string, readonly (typeof billingPeriods)[number][]>;

const priceTypeWords = { fixed: 'has a one-off price', monthly: 'is billed monthly', hourly: 'is billed by the hour' } as const;
const billingWords = { one_time: 'one-off', monthly: 'monthly', annual: 'annual' } as const;

export type ProgrammeIssue = { path: (string | number)[]; message: string };

/**
 * The rule between a programme and its listing: the listing's price type and the programme's
 * billing period must tell the same story ("Billed monthly" beside a programme billed annually
 * does not). The dialog checks it on its fields, the API against the stored listing, the import
 * on the row; the message is on the billing period. Empty when they agree or the price type is unknown.
 */
export function programmeListingIssues(priceType: keyof typeof BILLING_OF_PRICE_TYPE | null | undefined, terms: Pick<PartnerProgrammeTerms, 'billingPeriod'>): ProgrammeIssue[] {
  if (!priceType) return [];
  const allowed: readonly string[] = BILLING_OF_PRICE_TYPE[priceType];
  if (allowed.includes(terms.billingPeriod)) return [];
  const choose = allowed.map((period) => billingWords[period as keyof typeof billingWords]).join(' or ');
  return [{ path: ['billingPeriod'], message: `The listing ${priceTypeWords[priceType]}, so the programme is billed ${choose}: change the billing period or the listing's price type` }];
}

export const partnerProgrammeSchema = fields.superRefine(checkTerms);

export type PartnerProgrammeInput = z.input<typeof partnerProgrammeSchema>;
export type PartnerProgrammeTerms = z.output<typeof partnerProgrammeSchema>;

/** An administrator's verification of the terms: when, and from what. */
export const programmeVerificationSchema = z.object({
  verifiedAt: z.iso
    .date({ error: 'Verified on must be a date (YYYY-MM-DD)' })
    // PostgreSQL's timestamps start at 4713 BC and a year 0000 is no date at all; terms checked
    // before the directory's kind of resale existed are a typo, not a verification.
    .refine((value) => value >= '2000-01-01', 'Verified on must be in 2000 or later')
    .refine((value) => value <= new Date().toISOString().slice(0, 10), 'Verified on cannot be in the future'),
  source: z.enum(verificationSources, { error: 'Source must be document, vendor portal or call' }),
});

export type ProgrammeVerification = z.output<typeof programmeVerificationSchema>;

/** Days after which a verification is stale. */
export const STALE_AFTER_DAYS = 180;

/**
 * The listing dialog's "Partner programme" section: switched off it means no programme (null);
 * switched on, the terms are checked by the schema above, each message on its field.
 */
export const programmeSectionSchema = z
  .object({ enabled: z.boolean() })
  .catchall(z.unknown())
  .transform((section, ctx): PartnerProgrammeTerms | null => {
    if (!section.enabled) return null;
    const parsed = partnerProgrammeSchema.safeParse(section);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
