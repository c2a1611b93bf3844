/**
 * The values a partner programme's fields take, without zod: the listing page's panel and cards
 * read them, and a page must not download the schema library to show a programme.
 */
export const programmeTypes = ['white_label_resale', 'branded_resale', 'referral', 'affiliate'] as const;
export const termsVisibilities = ['public', 'members', 'on_request'] as const;
export const commissionTypes = ['percent', 'flat'] as const;
export const payoutFrequencies = ['monthly', 'quarterly', 'per_transaction'] as const;
export const billingModels = ['provider_bills_agency', 'provider_bills_client'] as const;
export const billingPeriods = ['one_time', 'monthly', 'annual'] as const;
export const earlyCancellations = ['allowed', 'fee', 'not_allowed'] as const;
export const whiteLabelFeatures = [
  'own_logo',
  'own_colours',
  'custom_domain',
  'email_from_agency_domain',
  'branded_reports',
  'client_portal',
  'vendor_branding_removed',
  'non_solicitation',
] as const;
export const supportModels = ['provider_supports_agency', 'provider_supports_client_white_label', 'agency_first_line'] as const;
export const joinApprovals = ['instant', 'reviewed'] as const;
export const verificationSources = ['document', 'vendor_portal', 'call'] as const;
/** The minimum margins the catalogue's filter offers (percent). */
export const marginFloors = [20, 30, 40, 50] as const;

export type ProgrammeType = (typeof programmeTypes)[number];
export type TermsVisibility = (typeof termsVisibilities)[number];
export type WhiteLabelFeature = (typeof whiteLabelFeatures)[number];
export type VerificationSource = (typeof verificationSources)[number];

export const RESALE_TYPES: readonly ProgrammeType[] = ['white_label_resale', 'branded_resale'];
export const COMMISSION_TYPES: readonly ProgrammeType[] = ['referral', 'affiliate'];
