import type { PartnerProgrammeTerms } from '../../../shared/schemas/partner-programme';
import type { ProgrammeTermsJson } from '../../../shared/schemas/partner-programme-json';

/** What the dialog's "Partner programme" inputs hold: text as typed, checkboxes as lists, switches as booleans. */
export type PartnerFormValues = {
  enabled: boolean;
  types: string[];
  visibility: string;
  wholesalePrice: string;
  suggestedRetailPrice: string;
  minRetailPrice: string;
  setupFeeWholesale: string;
  setupFeeSuggested: string;
  commissionType: string;
  commissionValue: string;
  commissionMonths: string;
  cookieDays: string;
  payoutMinimum: string;
  payoutFrequency: string;
  billingModel: string;
  billingPeriod: string;
  commitmentMonths: string;
  autoRenew: boolean;
  earlyCancellation: string;
  trialDays: string;
  demoAccount: boolean;
  internalUseSeats: string;
  whiteLabel: string[];
  territories: string;
  supportModel: string;
  applyUrl: string;
  joinApproval: string;
  termsUrl: string;
};

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const amount = (value: string | null) => (value === null ? '' : String(Number(value)));

/** A new programme starts billed as the listing is priced (the schema refuses a billing period the price type contradicts). */
const billingOfPriceType = { fixed: 'one_time', monthly: 'monthly', hourly: 'monthly' } as const;

/**
 * The section's starting values: the terms to edit (a waiting proposal's, else the live ones), or
 * a switched-off blank programme billed as the listing's price type says.
 */
export function initialPartnerValues(terms: PartnerProgrammeTerms | ProgrammeTermsJson | null | undefined, priceType?: string | null): PartnerFormValues {
  return {
    enabled: !!terms,
    types: terms?.types ?? [],
    visibility: terms?.visibility ?? 'public',
    wholesalePrice: amount(terms?.wholesalePrice ?? null),
    suggestedRetailPrice: amount(terms?.suggestedRetailPrice ?? null),
    minRetailPrice: amount(terms?.minRetailPrice ?? null),
    setupFeeWholesale: amount(terms?.setupFeeWholesale ?? null),
    setupFeeSuggested: amount(terms?.setupFeeSuggested ?? null),
    commissionType: terms?.commissionType ?? '',
    commissionValue: amount(terms?.commissionValue ?? null),
    commissionMonths: text(terms?.commissionMonths),
    cookieDays: text(terms?.cookieDays),
    payoutMinimum: amount(terms?.payoutMinimum ?? null),
    payoutFrequency: terms?.payoutFrequency ?? '',
    billingModel: terms?.billingModel ?? 'provider_bills_agency',
    billingPeriod: terms?.billingPeriod ?? billingOfPriceType[priceType as keyof typeof billingOfPriceType] ?? 'monthly',
    commitmentMonths: text(terms?.commitmentMonths ?? 0),
    autoRenew: terms?.autoRenew ?? false,
    earlyCancellation: terms?.earlyCancellation ?? 'allowed',
    trialDays: text(terms?.trialDays ?? 0),
    demoAccount: terms?.demoAccount ?? false,
    internalUseSeats: text(terms?.internalUseSeats ?? 0),
    whiteLabel: terms?.whiteLabel ?? [],
    territories: terms ? (terms.territories.length === 0 ? 'worldwide' : terms.territories.join(', ')) : 'worldwide',
    supportModel: terms?.supportModel ?? 'provider_supports_agency',
    applyUrl: terms?.applyUrl ?? '',
    joinApproval: terms?.joinApproval ?? 'reviewed',
    termsUrl: terms?.termsUrl ?? '',
  };
}
