import type { Transaction } from '../client';
import { plans, providerPlans } from '../schema/plans';
import type { DemoUser } from './demo-accounts';

const DAY = 24 * 60 * 60 * 1000;

/** The paid plan of the demo, beside the free plan migration 0039 creates (which keeps the demo's grants: no listing limit, insight, partner terms). */
export const DEMO_PAID_PLAN = {
  name: 'Pro',
  description: 'For providers who sell more: featured placement, a partner badge and room for your whole catalogue.',
  priceCents: 4900,
  period: 'month',
  listingLimit: 50,
  featuredSlots: 2,
  insight: true,
  partnerTerms: true,
  badge: 'Pro partner',
  position: 1,
} as const;

/** The demo's paid provider: Brightpath SEO, on Pro, paid by bank transfer (manual billing) ten days ago for a month. */
export const DEMO_PAID_PROVIDER_KEY = 'brightpath';

export async function insertDemoPlans(tx: Transaction, providersByKey: Map<string, DemoUser>, now: Date) {
  const [pro] = await tx.insert(plans).values(DEMO_PAID_PLAN).returning();
  const paid = providersByKey.get(DEMO_PAID_PROVIDER_KEY)!;
  await tx.insert(providerPlans).values({
    providerId: paid.id,
    planId: pro!.id,
    source: 'manual',
    status: 'active',
    currentPeriodEnd: new Date(now.getTime() + 20 * DAY),
    createdAt: new Date(now.getTime() - 10 * DAY),
  });
  return { plan: pro!, provider: paid };
}
