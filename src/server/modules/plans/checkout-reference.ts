import { createHmac, timingSafeEqual } from 'node:crypto';

/** What Stripe keeps of client_reference_id: letters, digits, "-" and "_", 1 to 200 of them; anything else arrives as null. */
export const STRIPE_REFERENCE = /^[A-Za-z0-9_-]{1,200}$/;

const signature = (secret: string, planId: number, providerId: string) => createHmac('sha256', secret).update(`checkout:${planId}:${providerId}`).digest('hex').slice(0, 24);

/**
 * The reference the app puts in a Payment Link: `<plan id>_<signature>_<provider id>`, signed with
 * the session secret, so a reference edited in the address bar (another provider, another plan)
 * does not verify on the way back. Null when the provider's id has characters Stripe would drop.
 */
export function checkoutReference(secret: string, planId: number, providerId: string): string | null {
  const reference = `${planId}_${signature(secret, planId, providerId)}_${providerId}`;
  return STRIPE_REFERENCE.test(reference) ? reference : null;
}

/** The plan and provider a reference names, if it is one this app signed. */
export function readCheckoutReference(secret: string, reference: unknown): { planId: number; providerId: string } | null {
  if (typeof reference !== 'string' || !STRIPE_REFERENCE.test(reference)) return null;
  const match = /^(\d{1,9})_([0-9a-f]{24})_(.+)$/.exec(reference);
  if (!match) return null;
  const planId = Number(match[1]);
  const providerId = match[3]!;
  const expected = Buffer.from(signature(secret, planId, providerId));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { planId, providerId } : null;
}

/** The Payment Link with the reference and the provider's e-mail filled in. */
export function checkoutUrl(paymentLink: string, reference: string, email: string): string {
  const url = new URL(paymentLink);
  url.searchParams.set('client_reference_id', reference);
  url.searchParams.set('prefilled_email', email);
  return url.toString();
}
