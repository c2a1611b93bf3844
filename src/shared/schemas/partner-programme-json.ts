import { z } from 'zod';
import {
  billingModels,
  billingPeriods,
  commissionTypes,
  earlyCancellations,
  joinApprovals,
  payoutFrequencies,
  programmeTypes,
  supportModels,
  termsVisibilities,
  verificationSources,
  whiteLabelFeatures,
} from '../partner-programme-values';

/*
 * The partner programme as the API answers it (docs/decisions/partner-programmes.md). The numbers
 * (prices, fees, commission, payout minimum and every figure derived from them) are null when
 * the viewer may not see them, and `numbersHidden` says so: the server leaves them out, the client
 * never hides them.
 */

const isoDate = z.string().describe('ISO 8601 date and time');
const money = z.string().nullable().describe('Decimal as text in the listing\'s price unit; null when not given or hidden from this viewer');

export const programmeTermsJson = z
  .object({
    types: z.array(z.enum(programmeTypes)),
    visibility: z.enum(termsVisibilities),
    wholesalePrice: money,
    suggestedRetailPrice: money,
    minRetailPrice: money,
    setupFeeWholesale: money,
    setupFeeSuggested: money,
    commissionType: z.enum(commissionTypes).nullable(),
    commissionValue: money.describe('Percent or amount, by commissionType; null when not given or hidden'),
    commissionMonths: z.union([z.number().int(), z.literal('lifetime')]).nullable().describe('0: paid once'),
    cookieDays: z.number().int().nullable(),
    payoutMinimum: money,
    payoutFrequency: z.enum(payoutFrequencies).nullable(),
    billingModel: z.enum(billingModels),
    billingPeriod: z.enum(billingPeriods),
    commitmentMonths: z.number().int(),
    autoRenew: z.boolean(),
    earlyCancellation: z.enum(earlyCancellations),
    trialDays: z.number().int(),
    demoAccount: z.boolean(),
    internalUseSeats: z.number().int(),
    whiteLabel: z.array(z.enum(whiteLabelFeatures)),
    territories: z.array(z.string()).describe('ISO 3166-1 alpha-2 codes; empty is worldwide'),
    supportModel: z.enum(supportModels),
    applyUrl: z.string().nullable(),
    joinApproval: z.enum(joinApprovals),
    termsUrl: z.string().nullable(),
  })
  .meta({ id: 'PartnerProgrammeTerms' });

export const programmeFiguresJson = z
  .object({
    retailPrice: z.number().nullable().describe('Suggested retail price, else the listing price'),
    margin: z.number().nullable().describe('Percent at the retail price'),
    markup: z.number().nullable().describe('Percent at the retail price'),
    earningsPerClientMonth: z.number().nullable().describe('Estimate: per client per month over the first 12 months'),
    earningsModel: z.enum(['resale', 'commission']).nullable(),
  })
  .meta({ id: 'PartnerProgrammeFigures', description: 'Derived from the terms on every answer, never stored; null when hidden' });

export const partnerProgrammeJson = programmeTermsJson
  .extend({
    listingId: z.number().int(),
    numbersHidden: z.boolean().describe('True when this viewer may not see the numbers (members only, or on request)'),
    priceUnit: z.enum(['fixed', 'monthly', 'hourly']).nullable().describe("The listing's price type: the unit of every amount"),
    listingPrice: z.string().nullable(),
    whiteLabelLevel: z.enum(['full', 'partial', 'none']),
    figures: programmeFiguresJson,
    verifiedAt: isoDate.nullable(),
    verificationSource: z.enum(verificationSources).nullable(),
    stale: z.boolean().describe('Verified more than 180 days ago'),
    termsChangedAt: isoDate.nullable().describe('Signed-in viewers only: when the live terms last changed'),
  })
  .meta({ id: 'PartnerProgramme' });

export const programmeProposalJson = z
  .object({
    terms: programmeTermsJson.nullable().describe('Null proposes removing the programme'),
    submittedAt: isoDate,
    rejectionReason: z.string().nullable(),
  })
  .meta({ id: 'PartnerProgrammeProposal' });

export const programmeChangeProposalJson = z
  .object({
    current: programmeTermsJson.nullable().describe('The live terms; null when the listing has no programme yet'),
    proposed: programmeTermsJson.nullable().describe('Null proposes removing the programme'),
    submittedAt: isoDate,
  })
  .meta({ id: 'PartnerProgrammeChangeProposal', description: "A provider's proposed programme change beside the live terms, for the administrator deciding it" });

export const listingProgrammeJson = z
  .object({
    programme: partnerProgrammeJson.nullable(),
    proposal: programmeProposalJson.nullable().optional().describe("Owner and administrators only: a change to a live listing's programme awaiting review, or the reason the last one was turned down"),
  })
  .meta({ id: 'ListingPartnerProgramme' });

export const programmeChangeJson = z
  .object({
    id: z.number().int(),
    oldTerms: programmeTermsJson.nullable(),
    newTerms: programmeTermsJson.nullable(),
    changedAt: isoDate,
  })
  .meta({ id: 'PartnerProgrammeChange' });

export const adminProgrammeJson = z
  .object({
    listingId: z.number().int(),
    type: z.enum(['tools', 'services']),
    slug: z.string(),
    title: z.string(),
    status: z.enum(['pending', 'approved', 'rejected']),
    programmeTypes: z.array(z.enum(programmeTypes)).nullable().describe('Null when only a proposal exists'),
    visibility: z.enum(termsVisibilities).nullable(),
    verifiedAt: isoDate.nullable(),
    verificationSource: z.enum(verificationSources).nullable(),
    stale: z.boolean(),
    proposedAt: isoDate.nullable().describe('When the provider proposed a change still awaiting moderation'),
    termsChangedAt: isoDate.nullable().describe('When the live terms last changed'),
    provider: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'AdminPartnerProgramme' });

/** What a card shows of a listing's programme: one line and the verified mark (shared/partner-wording.ts). */
export const programmeCardJson = z
  .object({
    types: z.array(z.enum(programmeTypes)),
    visibility: z.enum(termsVisibilities),
    numbersHidden: z.boolean(),
    margin: z.number().nullable(),
    earningsPerClientMonth: z.number().nullable(),
    commissionType: z.enum(commissionTypes).nullable(),
    commissionValue: z.string().nullable(),
    commissionMonths: z.union([z.number().int(), z.literal('lifetime')]).nullable(),
    commitmentMonths: z.number().int(),
    priceUnit: z.enum(['fixed', 'monthly', 'hourly']).nullable(),
    verifiedAt: isoDate.nullable(),
    stale: z.boolean(),
  })
  .meta({ id: 'PartnerProgrammeCard', description: 'The partner programme as a card shows it; numbers null when hidden from this viewer' });

export type ProgrammeCard = z.infer<typeof programmeCardJson>;
export type PartnerProgrammeJson = z.infer<typeof partnerProgrammeJson>;
export type ProgrammeTermsJson = z.infer<typeof programmeTermsJson>;
export type ListingProgrammeJson = z.infer<typeof listingProgrammeJson>;
export type ProgrammeProposalJson = z.infer<typeof programmeProposalJson>;
export type ProgrammeChangeJson = z.infer<typeof programmeChangeJson>;
export type ProgrammeChangeProposalJson = z.infer<typeof programmeChangeProposalJson>;
export type AdminProgrammeJson = z.infer<typeof adminProgrammeJson>;
