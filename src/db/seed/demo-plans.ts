import { eq } from 'drizzle-orm';
import type { Transaction } from '../client';
import { listings } from '../schema/listings';
import { featuredSlots, plans, providerPlans } from '../schema/plans';
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

/** The listing Brightpath features in one of Pro's two slots (its other featured services are the editors' picks); one slot stays free. */
export const DEMO_SLOT_LISTING_TITLE = 'Technical SEO Audit';

type DemoListing = { id: number; title: string; providerId: string | null; status: string };

export async function insertDemoPlans(tx: Transaction, providersByKey: Map<string, DemoUser>, demoListings: DemoListing[], now: Date) {
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
  const slotted = demoListings.find((listing) => listing.providerId === paid.id && listing.title === DEMO_SLOT_LISTING_TITLE && listing.status === 'approved');
  if (!slotted) throw new Error(`The demo's paid provider has no live listing "${DEMO_SLOT_LISTING_TITLE}" to feature`);
  await tx.insert(featuredSlots).values({ listingId: slotted.id, providerId: paid.id, createdAt: new Date(now.getTime() - 9 * DAY) });
  // Shown as featured while the slot holds it; not an editors' pick (docs/decisions/featured-slots.md).
  await tx.update(listings).set({ isFeatured: true }).where(eq(listings.id, slotted.id));
  return { plan: pro!, provider: paid };
}
