import type { PartnerProgrammeInput } from '../src/shared/schemas/partner-programme';

/**
 * The least a partner programme needs, for tests that build one: white-label resale at 60
 * wholesale and 100 suggested retail, public, billed monthly by the provider to the agency, who
 * is supported by the provider. Tests add the terms their subject is about.
 */
export const whiteLabelTerms = {
  types: ['white_label_resale'],
  visibility: 'public',
  wholesalePrice: '60',
  suggestedRetailPrice: '100',
  billingModel: 'provider_bills_agency',
  billingPeriod: 'monthly',
  supportModel: 'provider_supports_agency',
} satisfies Partial<PartnerProgrammeInput>;

/**
 * A referral programme's least terms, on top of whiteLabelTerms: no resale prices, the provider
 * bills the client and pays the agency 20 % for 12 months.
 */
export const referralTerms = {
  types: ['referral'],
  billingModel: 'provider_bills_client',
  wholesalePrice: '',
  suggestedRetailPrice: '',
  commissionType: 'percent',
  commissionValue: '20',
  commissionMonths: 12,
} satisfies Partial<PartnerProgrammeInput>;
