import type { partnerProgrammes } from './schema/partner-programmes';
import type { ProgrammeType, WhiteLabelFeature } from '../shared/partner-programme-values';
import type { PartnerProgrammeTerms } from '../shared/schemas/partner-programme';

export type ProgrammeRow = typeof partnerProgrammes.$inferSelect;
type ProgrammeColumns = Omit<typeof partnerProgrammes.$inferInsert, 'listingId'>;

/** Parsed terms as the table's columns ("lifetime" is a flag of its own beside the months). */
export function termsToColumns(terms: PartnerProgrammeTerms): ProgrammeColumns {
  const { commissionMonths, ...rest } = terms;
  return {
    ...rest,
    commissionMonths: commissionMonths === 'lifetime' ? null : commissionMonths,
    commissionLifetime: commissionMonths === 'lifetime',
  };
}

/** A row's terms, in the schema's output shape: what the change log keeps and a proposal is compared with. */
export function rowToTerms(row: ProgrammeRow): PartnerProgrammeTerms {
  return {
    types: row.types as ProgrammeType[],
    visibility: row.visibility,
    wholesalePrice: row.wholesalePrice,
    suggestedRetailPrice: row.suggestedRetailPrice,
    minRetailPrice: row.minRetailPrice,
    setupFeeWholesale: row.setupFeeWholesale,
    setupFeeSuggested: row.setupFeeSuggested,
    commissionType: row.commissionType,
    commissionValue: row.commissionValue,
    commissionMonths: row.commissionLifetime ? 'lifetime' : row.commissionMonths,
    cookieDays: row.cookieDays,
    payoutMinimum: row.payoutMinimum,
    payoutFrequency: row.payoutFrequency,
    billingModel: row.billingModel,
    billingPeriod: row.billingPeriod,
    commitmentMonths: row.commitmentMonths,
    autoRenew: row.autoRenew,
    earlyCancellation: row.earlyCancellation,
    trialDays: row.trialDays,
    demoAccount: row.demoAccount,
    internalUseSeats: row.internalUseSeats,
    whiteLabel: row.whiteLabel as WhiteLabelFeature[],
    territories: row.territories,
    supportModel: row.supportModel,
    applyUrl: row.applyUrl,
    joinApproval: row.joinApproval,
    termsUrl: row.termsUrl,
  };
}

/** Whether two sets of terms say the same (key order aside). */
export function sameTerms(a: PartnerProgrammeTerms | null, b: PartnerProgrammeTerms | null): boolean {
  if (a === null || b === null) return a === b;
  return (Object.keys(a) as (keyof PartnerProgrammeTerms)[]).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}
