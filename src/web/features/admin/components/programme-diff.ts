import {
  billingPeriodLabels,
  commissionDuration,
  earlyCancellationLabels,
  formatMoney,
  programmeTypeLabels,
  supportLabels,
  visibilityLabels,
  whiteLabelLabels,
} from '../../../../shared/partner-wording';
import type { ProgrammeChangeProposalJson, ProgrammeTermsJson } from '../../../../shared/schemas/partner-programme-json';
import type { PriceType } from '../../../../shared/types';
import { countOf } from '../../../../shared/plural';

export type TermChange = { label: string; from: string; to: string };

type Unit = PriceType | null;
const money = (value: string | null, unit: Unit) => (value === null ? '' : formatMoney(value, unit));
const yesNo = (value: boolean) => (value ? 'yes' : 'no');
const words = (value: string | null) => (value === null ? '' : value.replaceAll('_', ' '));

/** Each term an administrator reads in a proposal, as the listing page words it. */
const terms: { label: string; show: (t: ProgrammeTermsJson, unit: Unit) => string }[] = [
  { label: 'Programme types', show: (t) => t.types.map((type) => programmeTypeLabels[type]).join(', ') },
  { label: 'Numbers shown to', show: (t) => visibilityLabels[t.visibility] },
  { label: 'Wholesale price', show: (t, unit) => money(t.wholesalePrice, unit) },
  { label: 'Suggested retail price', show: (t, unit) => money(t.suggestedRetailPrice, unit) },
  { label: 'Minimum retail price', show: (t, unit) => money(t.minRetailPrice, unit) },
  { label: 'Setup fee (wholesale)', show: (t) => money(t.setupFeeWholesale, null) },
  { label: 'Setup fee (suggested)', show: (t) => money(t.setupFeeSuggested, null) },
  {
    label: 'Commission',
    show: (t) =>
      t.commissionValue === null
        ? ''
        : `${t.commissionType === 'percent' ? `${t.commissionValue}%` : formatMoney(t.commissionValue)} ${commissionDuration(t.commissionMonths)}`,
  },
  { label: 'Cookie window', show: (t) => (t.cookieDays === null ? '' : countOf(t.cookieDays, 'day')) },
  { label: 'Payout minimum', show: (t) => money(t.payoutMinimum, null) },
  { label: 'Payout frequency', show: (t) => words(t.payoutFrequency) },
  { label: 'Billing', show: (t) => (t.billingModel === 'provider_bills_agency' ? 'The provider bills the agency' : 'The provider bills the client') },
  { label: 'Billing period', show: (t) => billingPeriodLabels[t.billingPeriod] },
  { label: 'Minimum commitment', show: (t) => (t.commitmentMonths === 0 ? 'none' : countOf(t.commitmentMonths, 'month')) },
  { label: 'Auto-renewal', show: (t) => yesNo(t.autoRenew) },
  { label: 'Early cancellation', show: (t) => earlyCancellationLabels[t.earlyCancellation] },
  { label: 'Trial', show: (t) => countOf(t.trialDays, 'day') },
  { label: 'Demo account', show: (t) => yesNo(t.demoAccount) },
  { label: 'Internal-use seats', show: (t) => String(t.internalUseSeats) },
  { label: 'White label', show: (t) => t.whiteLabel.map((feature) => whiteLabelLabels[feature]).join(', ') || 'none' },
  { label: 'Territories', show: (t) => t.territories.join(', ') || 'worldwide' },
  { label: 'Support', show: (t) => supportLabels[t.supportModel] },
  { label: 'Apply URL', show: (t) => t.applyUrl ?? '' },
  { label: 'Joining', show: (t) => (t.joinApproval === 'instant' ? 'instant' : 'reviewed by the provider') },
  { label: 'Terms URL', show: (t) => t.termsUrl ?? '' },
];

/** Every term of a programme as the administrator reads it, for the pending card's preview. */
export function programmeTermRows(programme: ProgrammeTermsJson, unit: Unit): { label: string; value: string }[] {
  return terms.map(({ label, show }) => ({ label, value: show(programme, unit) || '—' }));
}

/**
 * What a proposed programme change would change, term by term: old and new as the administrator
 * reads them. A new programme compares with "none", a removal with "removed".
 */
export function programmeChanges(proposal: ProgrammeChangeProposalJson, unit: Unit): TermChange[] {
  const { current, proposed } = proposal;
  if (!proposed) return [{ label: 'Partner programme', from: 'live', to: 'removed' }];
  return terms
    .map(({ label, show }) => ({ label, from: current ? show(current, unit) : '', to: show(proposed, unit) }))
    .filter((change) => change.from !== change.to);
}
