import type { ProgrammeType, WhiteLabelFeature } from './partner-programme-values';
import { countOf } from './plural';

/**
 * The words a partner programme is shown in, on cards, on the listing page and in the compare
 * table. Pure functions of the (already visibility-filtered) answer, so the server render and
 * the browser write the same text.
 */

export const programmeTypeLabels: Record<ProgrammeType, string> = {
  white_label_resale: 'White-label resale',
  branded_resale: 'Branded resale',
  referral: 'Referral',
  affiliate: 'Affiliate',
};

export const whiteLabelLabels: Record<WhiteLabelFeature, string> = {
  own_logo: 'Your logo',
  own_colours: 'Your colours',
  custom_domain: 'Custom domain',
  email_from_agency_domain: "E-mail from your agency's domain",
  branded_reports: 'Branded reports',
  client_portal: 'Client portal',
  vendor_branding_removed: 'Vendor branding removed',
  non_solicitation: 'Non-solicitation of your clients',
};

export const supportLabels = {
  provider_supports_agency: 'The provider supports you; you support your clients',
  provider_supports_client_white_label: 'The provider supports your clients under your brand',
  agency_first_line: 'You give first-line support; the provider backs you',
} as const;

export const billingPeriodLabels = { one_time: 'one-off', monthly: 'monthly', annual: 'annual' } as const;
export const earlyCancellationLabels = { allowed: 'Early cancellation allowed', fee: 'Early cancellation with a fee', not_allowed: 'No early cancellation' } as const;
export const visibilityLabels = { public: 'Everyone', members: 'Signed-in members', on_request: 'On request' } as const;
export const verificationSourceLabels = { document: 'a document', vendor_portal: 'the vendor portal', call: 'a call' } as const;

const unitSuffix = { monthly: '/mo', hourly: '/hr', fixed: '' } as const;

/** "$60/mo", "$1,500", "$50/hr": an amount in the listing's price unit. */
export function formatMoney(amount: string | number, unit: 'fixed' | 'monthly' | 'hourly' | null = null): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const text = value.toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 });
  return `${text}${unit ? unitSuffix[unit] : ''}`;
}

export const formatPercent = (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`;

/** "12 months", "lifetime", "one-off". */
export function commissionDuration(months: number | 'lifetime' | null): string {
  if (months === 'lifetime') return 'lifetime';
  if (months === null || months === 0) return 'one-off';
  return `for ${countOf(months, 'month')}`;
}

export const commitmentText = (months: number) => (months === 0 ? 'month-to-month' : `${months}-month commitment`);

/** "30 days": how long a referral's cookie lasts. */
export const cookieWindowText = (days: number) => countOf(days, 'day');

/** "14-day trial, demo account, 1 free internal-use seat", or "No trial". */
export function tryBeforeText(p: { trialDays: number; demoAccount: boolean; internalUseSeats: number }): string {
  const parts = [p.trialDays > 0 && `${p.trialDays}-day trial`, p.demoAccount && 'demo account', p.internalUseSeats > 0 && countOf(p.internalUseSeats, 'free internal-use seat')];
  return parts.filter(Boolean).join(', ') || 'No trial';
}

/** "Verified Jan 2026". */
export function verifiedText(verifiedAt: string): string {
  return `Verified ${new Date(verifiedAt).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })}`;
}

/** What a card needs to say about a programme: the answer's fields, numbers null when hidden. */
export type ProgrammeCardInput = {
  types: ProgrammeType[];
  visibility: 'public' | 'members' | 'on_request';
  numbersHidden: boolean;
  margin: number | null;
  commissionType: 'percent' | 'flat' | null;
  commissionValue: string | null;
  commissionMonths: number | 'lifetime' | null;
  commitmentMonths: number;
  priceUnit: 'fixed' | 'monthly' | 'hourly' | null;
};

const isResale = (type: ProgrammeType) => type === 'white_label_resale' || type === 'branded_resale';

/** The card's one line: "White-label resale · 40% margin · month-to-month", "Referral · 20% for 12 months", "Partner terms on request". */
export function programmeCardLine(card: ProgrammeCardInput): string {
  if (card.numbersHidden && card.visibility === 'on_request') return 'Partner terms on request';
  const first = card.types[0]!;
  const label = programmeTypeLabels[first];
  if (card.numbersHidden) return `${label} · partner terms for members`;
  if (isResale(first)) {
    return [label, card.margin !== null ? `${formatPercent(card.margin)} margin` : null, commitmentText(card.commitmentMonths)].filter(Boolean).join(' · ');
  }
  if (card.commissionValue === null || card.commissionType === null) return label;
  const value = card.commissionType === 'percent' ? formatPercent(Number(card.commissionValue)) : formatMoney(card.commissionValue);
  return `${label} · ${value} ${commissionDuration(card.commissionMonths)}`;
}

/** The billing flow in one sentence: "You pay $60/mo, you bill your client." */
export function billingSentence(p: {
  billingModel: 'provider_bills_agency' | 'provider_bills_client';
  wholesalePrice: string | null;
  priceUnit: 'fixed' | 'monthly' | 'hourly' | null;
}): string {
  if (p.billingModel === 'provider_bills_client') return 'The provider bills your client and pays you a commission.';
  if (p.wholesalePrice === null) return 'You pay the provider, you bill your client.';
  return `You pay ${formatMoney(p.wholesalePrice, p.priceUnit)}, you bill your client.`;
}
