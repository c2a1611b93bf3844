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
