import { describe, expect, it } from 'vitest';
import { calculate, earningsPerClientMonth, type FigureInput, marginPercent, markupPercent, whiteLabelLevel } from './partner-figures';

const resale = (overrides: Partial<FigureInput> = {}): FigureInput => ({
  types: ['white_label_resale'],
  wholesalePrice: '60.00',
  suggestedRetailPrice: '100.00',
  setupFeeWholesale: null,
  setupFeeSuggested: null,
  commissionType: null,
  commissionValue: null,
  commissionMonths: null,
  listingPrice: '120.00',
  priceUnit: 'monthly',
  ...overrides,
});

const referral = (overrides: Partial<FigureInput> = {}): FigureInput =>
  resale({ types: ['referral'], wholesalePrice: null, suggestedRetailPrice: null, commissionType: 'percent', commissionValue: '20', commissionMonths: 12, listingPrice: '100.00', ...overrides });

describe('margin and markup', () => {
  it('are (100 - 60) / 100 = 40 % and (100 - 60) / 60 = 66.7 %', () => {
    expect(marginPercent(100, 60)).toBe(40);
    expect(markupPercent(100, 60)).toBe(66.7);
  });

  it('15 % margin is 17.6 % markup (85 cost, 100 price)', () => {
    expect(marginPercent(100, 85)).toBe(15);
    expect(markupPercent(100, 85)).toBe(17.6);
  });

  it('cannot be known without both prices, a positive retail price or a positive cost', () => {
    expect(marginPercent(null, 60)).toBeNull();
    expect(marginPercent(100, null)).toBeNull();
    expect(marginPercent(0, 0)).toBeNull();
    expect(markupPercent(100, 0)).toBeNull();
  });
});

describe('white-label level', () => {
  it('is full with custom domain, no vendor branding, branded reports and non-solicitation', () => {
    expect(whiteLabelLevel(['custom_domain', 'vendor_branding_removed', 'branded_reports', 'non_solicitation'])).toBe('full');
  });
  it('is partial with anything less, none with nothing', () => {
    expect(whiteLabelLevel(['own_logo', 'custom_domain', 'vendor_branding_removed', 'branded_reports'])).toBe('partial');
    expect(whiteLabelLevel(['own_logo'])).toBe('partial');
    expect(whiteLabelLevel([])).toBe('none');
  });
});

describe('earnings per client per month over the first 12 months', () => {
  it('resale: retail minus wholesale, 100 - 60 = 40', () => {
    expect(earningsPerClientMonth(resale())).toEqual({ perClientMonth: 40, model: 'resale' });
  });

  it('resale with a setup fee: 40 + (300 - 120) / 12 = 55', () => {
    expect(earningsPerClientMonth(resale({ setupFeeWholesale: '120.00', setupFeeSuggested: '300.00' }))?.perClientMonth).toBe(55);
  });

  it('resale at the listing price when no suggested retail price is given: (120 - 60) = 60', () => {
    expect(earningsPerClientMonth(resale({ suggestedRetailPrice: null }))?.perClientMonth).toBe(60);
  });

  it('a one-off (fixed) price is sold once: (1000 - 700) / 12 = 25', () => {
    expect(earningsPerClientMonth(resale({ wholesalePrice: '700.00', suggestedRetailPrice: '1000.00', priceUnit: 'fixed' }))?.perClientMonth).toBe(25);
  });

  it('referral: 20 % of 100 a month for 12 months = 20; for 6 months = 10; lifetime = 20; one-off = 1.67', () => {
    expect(earningsPerClientMonth(referral())).toEqual({ perClientMonth: 20, model: 'commission' });
    expect(earningsPerClientMonth(referral({ commissionMonths: 6 }))?.perClientMonth).toBe(10);
    expect(earningsPerClientMonth(referral({ commissionMonths: 'lifetime' }))?.perClientMonth).toBe(20);
    expect(earningsPerClientMonth(referral({ commissionMonths: 0 }))?.perClientMonth).toBe(1.67);
  });

  it('flat commission: 50 one-off = 4.17; 30 a month for 24 months = 30', () => {
    expect(earningsPerClientMonth(referral({ commissionType: 'flat', commissionValue: '50', commissionMonths: 0 }))?.perClientMonth).toBe(4.17);
    expect(earningsPerClientMonth(referral({ commissionType: 'flat', commissionValue: '30', commissionMonths: 24 }))?.perClientMonth).toBe(30);
  });

  it('takes the better model of a programme that resells and refers', () => {
    const both = resale({ types: ['branded_resale', 'affiliate'], commissionType: 'percent', commissionValue: '50', commissionMonths: 'lifetime' });
    expect(earningsPerClientMonth(both)).toEqual({ perClientMonth: 50, model: 'commission' });
  });

  it('is unknown when the numbers are hidden', () => {
    expect(earningsPerClientMonth(resale({ wholesalePrice: null }))).toBeNull();
    expect(earningsPerClientMonth(referral({ commissionValue: null }))).toBeNull();
  });
});

describe('calculator', () => {
  it('own price 90, 5 clients, 24 months: 150 a month, 1,800 over 12, 3,600 over 24, 33.3 % margin, 50 % markup', () => {
    expect(calculate(resale(), { price: 90, clients: 5, months: 24 })).toEqual({
      model: 'resale',
      price: 90,
      monthlyProfit: 150,
      twelveMonthProfit: 1800,
      periodProfit: 3600,
      margin: 33.3,
      markup: 50,
    });
  });

  it('a markup of 50 % on wholesale 60 is a price of 90', () => {
    expect(calculate(resale(), { markup: 50, clients: 1, months: 12 })?.price).toBe(90);
  });

  it('without a price or markup, the suggested retail price; setup profit counts once per client', () => {
    const result = calculate(resale({ setupFeeWholesale: '100', setupFeeSuggested: '160' }), { clients: 2, months: 3 });
    expect(result).toMatchObject({ price: 100, periodProfit: (40 * 3 + 60) * 2, twelveMonthProfit: (40 * 12 + 60) * 2, monthlyProfit: 90 });
  });

  it('referral: 20 % of the client price 150 for 12 months, 3 clients: 90 a month, 1,080 over 12, 540 over 6', () => {
    expect(calculate(referral(), { price: 150, clients: 3, months: 6 })).toMatchObject({
      model: 'commission',
      monthlyProfit: 90,
      twelveMonthProfit: 1080,
      periodProfit: 540,
      margin: null,
      markup: null,
    });
  });
});
