import { describe, expect, it } from 'vitest';
import { checkoutReference, checkoutUrl, readCheckoutReference, STRIPE_REFERENCE } from './checkout-reference';

const secret = 'test-secret-test-secret-test-secret!!';
const provider = '3f2c9a1e-7b4d-4e8a-9c1f-2a3b4c5d6e7f';

describe('checkout reference', () => {
  it('is something Stripe keeps, and reads back as the plan and provider', () => {
    const reference = checkoutReference(secret, 12, provider)!;
    expect(reference).toMatch(STRIPE_REFERENCE);
    expect(reference.length).toBeLessThanOrEqual(200);
    expect(readCheckoutReference(secret, reference)).toEqual({ planId: 12, providerId: provider });
  });

  it('refuses a reference edited to name another provider or plan, or signed with another secret', () => {
    const reference = checkoutReference(secret, 12, provider)!;
    expect(readCheckoutReference(secret, reference.replace(provider, '00000000-7b4d-4e8a-9c1f-2a3b4c5d6e7f'))).toBeNull();
    expect(readCheckoutReference(secret, reference.replace(/^12_/, '13_'))).toBeNull();
    expect(readCheckoutReference('another-secret-another-secret-another', reference)).toBeNull();
    expect(readCheckoutReference(secret, null)).toBeNull();
    expect(readCheckoutReference(secret, 'a b')).toBeNull();
  });

  it('is not made for an id Stripe would drop', () => {
    expect(checkoutReference(secret, 1, 'provider@example.com')).toBeNull();
    expect(checkoutReference(secret, 1, 'x'.repeat(190))).toBeNull();
  });

  it('goes into the Payment Link with the e-mail', () => {
    const url = new URL(checkoutUrl('https://buy.stripe.com/test_abc', 'ref_1', 'ana+pro@example.com'));
    expect(url.searchParams.get('client_reference_id')).toBe('ref_1');
    expect(url.searchParams.get('prefilled_email')).toBe('ana+pro@example.com');
  });
});
