import { describe, expect, it } from 'vitest';
import {
  formatAverage,
  formatDate,
  formatDelivery,
  formatDollars,
  formatPrice,
  formatProviderName,
  formatRating,
  initialsOf,
} from './format';

describe('formatPrice', () => {
  it('shows a fixed service price as a starting price in whole dollars', () => {
    expect(formatPrice({ type: 'services', price: '1500.00', priceType: 'fixed' })).toBe('Starting at $1,500');
  });

  it('adds the period to monthly and hourly prices', () => {
    expect(formatPrice({ type: 'services', price: '99.00', priceType: 'monthly' })).toBe('$99/month');
    expect(formatPrice({ type: 'services', price: '50', priceType: 'hourly' })).toBe('$50/hour');
  });

  it('shows a tool price plain, whatever price type it carries', () => {
    expect(formatPrice({ type: 'tools', price: '29.00', priceType: null })).toBe('$29');
    expect(formatPrice({ type: 'tools', price: '29.00', priceType: 'monthly' })).toBe('$29');
  });

  it('rounds cents to whole dollars', () => {
    expect(formatPrice({ type: 'tools', price: '19.99', priceType: null })).toBe('$20');
    expect(formatDollars('2500000.40')).toBe('$2,500,000');
  });

  it('asks buyers to get in touch when there is no price', () => {
    expect(formatPrice({ type: 'services', price: null, priceType: 'fixed' })).toBe('Contact for pricing');
    expect(formatPrice({ type: 'tools', price: '', priceType: null })).toBe('Contact for pricing');
    expect(formatPrice({ type: 'tools', price: 'abc', priceType: null })).toBe('Contact for pricing');
  });

  it('keeps a zero price as $0 rather than hiding it', () => {
    expect(formatPrice({ type: 'tools', price: '0.00', priceType: null })).toBe('$0');
  });
});

describe('formatDelivery', () => {
  it('reads N days, and 1 day for a single day', () => {
    expect(formatDelivery(7)).toBe('7 days');
    expect(formatDelivery(1)).toBe('1 day');
  });

  it('is absent when there is no delivery time', () => {
    expect(formatDelivery(null)).toBeNull();
    expect(formatDelivery(undefined)).toBeNull();
    expect(formatDelivery(0)).toBeNull();
  });
});

describe('ratings', () => {
  it('shows one decimal with the review count', () => {
    expect(formatRating(4.56, 12)).toBe('4.6 (12 reviews)');
    expect(formatRating(5, 1)).toBe('5.0 (1 review)');
  });

  it('says No reviews when nobody has reviewed', () => {
    expect(formatRating(0, 0)).toBe('No reviews');
  });

  it('formats an average as 0.0 when there is none', () => {
    expect(formatAverage(0)).toBe('0.0');
    expect(formatAverage(Number.NaN)).toBe('0.0');
    expect(formatAverage(3.25)).toBe('3.3');
  });
});

describe('names', () => {
  it('prefers the company, then the person, then the e-mail name', () => {
    expect(formatProviderName({ companyName: 'Acme', firstName: 'Ada', lastName: 'L' })).toBe('Acme');
    expect(formatProviderName({ companyName: ' ', firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(formatProviderName({ companyName: null, firstName: null, lastName: null, email: 'ada@example.com' })).toBe('ada');
    expect(formatProviderName(null)).toBe('Unknown provider');
  });

  it('takes up to two initials', () => {
    expect(initialsOf('Ada Lovelace King')).toBe('AL');
    expect(initialsOf('')).toBe('?');
  });
});

describe('formatDate', () => {
  it('writes the date out in words', () => {
    expect(formatDate('2026-07-06T12:00:00.000Z')).toBe('July 6, 2026');
  });

  it('is empty for something that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});
