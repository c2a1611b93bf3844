import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withPricingLink } from './pricing-link';

const html = (message: string) => renderToStaticMarkup(createElement('p', null, withPricingLink(message)));

describe('a plan refusal in a toast', () => {
  it('links /pricing at the end of the listing-limit message, keeping its words', () => {
    const out = html('Your Free plan allows 1 live listing, and you have 1. Upgrade your plan to list more. See the plans at /pricing.');
    expect(out).toContain('Upgrade your plan to list more. See the plans at <a href="/pricing"');
    expect(out).toMatch(/>\/pricing<\/a>\.<\/p>$/);
  });

  it('shows any other message as it is, with no link', () => {
    expect(html('Title is required')).toBe('<p>Title is required</p>');
  });
});
