import { describe, expect, it } from 'vitest';
import { billingSentence, commissionDuration, cookieWindowText, formatMoney, programmeCardLine, type ProgrammeCardInput, tryBeforeText, verifiedText } from './partner-wording';

const card = (overrides: Partial<ProgrammeCardInput> = {}): ProgrammeCardInput => ({
  types: ['white_label_resale'],
  visibility: 'public',
  numbersHidden: false,
  margin: 40,
  commissionType: null,
  commissionValue: null,
  commissionMonths: null,
  commitmentMonths: 0,
  priceUnit: 'monthly',
  ...overrides,
});

describe('the card line', () => {
  it('resale: type, margin and commitment', () => {
    expect(programmeCardLine(card())).toBe('White-label resale · 40% margin · month-to-month');
    expect(programmeCardLine(card({ types: ['branded_resale'], margin: 33.3, commitmentMonths: 12 }))).toBe('Branded resale · 33.3% margin · 12-month commitment');
  });
  it('commission: type, value and how long it is paid', () => {
    const referral = card({ types: ['referral'], margin: null, commissionType: 'percent', commissionValue: '20.00', commissionMonths: 12 });
    expect(programmeCardLine(referral)).toBe('Referral · 20% for 12 months');
    expect(programmeCardLine({ ...referral, types: ['affiliate'], commissionType: 'flat', commissionValue: '50.00', commissionMonths: 0 })).toBe('Affiliate · $50 one-off');
    expect(programmeCardLine({ ...referral, commissionMonths: 'lifetime' })).toBe('Referral · 20% lifetime');
  });
  it('hidden numbers: on request, or for members', () => {
    expect(programmeCardLine(card({ visibility: 'on_request', numbersHidden: true, margin: null }))).toBe('Partner terms on request');
    expect(programmeCardLine(card({ visibility: 'members', numbersHidden: true, margin: null }))).toBe('White-label resale · partner terms for members');
  });
});

describe('the billing sentence and the verified mark', () => {
  it('says who pays whom', () => {
    expect(billingSentence({ billingModel: 'provider_bills_agency', wholesalePrice: '60.00', priceUnit: 'monthly' })).toBe('You pay $60/mo, you bill your client.');
    expect(billingSentence({ billingModel: 'provider_bills_client', wholesalePrice: null, priceUnit: 'monthly' })).toBe('The provider bills your client and pays you a commission.');
  });
  it('formats money and the month of verification', () => {
    expect(formatMoney('1500.50', 'fixed')).toBe('$1,500.50');
    expect(verifiedText('2026-01-15T12:00:00.000Z')).toBe('Verified Jan 2026');
  });
});

describe('counts in the terms', () => {
  it('writes one seat, day or month in the singular', () => {
    expect(tryBeforeText({ trialDays: 0, demoAccount: false, internalUseSeats: 1 })).toBe('1 free internal-use seat');
    expect(tryBeforeText({ trialDays: 14, demoAccount: true, internalUseSeats: 3 })).toBe('14-day trial, demo account, 3 free internal-use seats');
    expect(tryBeforeText({ trialDays: 0, demoAccount: false, internalUseSeats: 0 })).toBe('No trial');
    expect(cookieWindowText(1)).toBe('1 day');
    expect(cookieWindowText(90)).toBe('90 days');
    expect(commissionDuration(1)).toBe('for 1 month');
    expect(commissionDuration(12)).toBe('for 12 months');
  });
});
