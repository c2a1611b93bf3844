import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { savedSearches } from '../schema/alerts';
import { categories } from '../schema/categories';
import { listings } from '../schema/listings';
import { partnerProgrammes } from '../schema/partner-programmes';
import { favorites } from '../schema/reviews';
import type { DemoUser } from './demo-accounts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo member's alerts (docs/decisions/alerts.md): two saved searches, one of partner terms
 * (white-label resale at 40 % or more, daily) and one category (weekly), and a change of terms on
 * one of their favourites: a resale programme billed monthly now asks a 12-month commitment, which
 * the trigger on partner_programmes records as it would any provider's change. Their dashboard's
 * Alerts tab shows both; the change is mailed at once (the outbox holds it without SMTP).
 */
export async function insertDemoAlerts(tx: Executor, member: DemoUser, now: Date): Promise<void> {
  const [seo] = await tx.select({ id: categories.id, slug: categories.slug }).from(categories).where(and(eq(categories.type, 'services'), eq(categories.slug, 'seo-services'))).limit(1);
  // Saved as the catalogue is seeded: their first digests list what goes live after it.
  const since = now;
  await tx.insert(savedSearches).values([
    {
      userId: member.id,
      name: 'White-label tools at 40%+',
      type: 'tools',
      address: '/tools?programme=white_label_resale&minMargin=40',
      filters: { programme: 'white_label_resale', minMargin: '40' },
      frequency: 'daily',
      lastDigestAt: since,
      nextDigestAt: new Date(since.getTime() + DAY_MS),
      createdAt: since,
    },
    ...(seo
      ? [
          {
            userId: member.id,
            name: 'SEO services',
            type: 'services' as const,
            address: `/category/${seo.slug}?type=services`,
            filters: { categoryId: String(seo.id) },
            frequency: 'weekly' as const,
            lastDigestAt: since,
            nextDigestAt: new Date(since.getTime() + DAY_MS * 7),
            createdAt: since,
          },
        ]
      : []),
  ]);

  const [followed] = await tx
    .select({ listingId: partnerProgrammes.listingId })
    .from(partnerProgrammes)
    .innerJoin(favorites, and(eq(favorites.listingId, partnerProgrammes.listingId), eq(favorites.userId, member.id)))
    .innerJoin(listings, eq(listings.id, partnerProgrammes.listingId))
    .where(
      and(
        eq(listings.status, 'approved'),
        eq(partnerProgrammes.billingPeriod, 'monthly'),
        eq(partnerProgrammes.commitmentMonths, 0),
        sql`${partnerProgrammes.types} && array['white_label_resale', 'branded_resale']::text[]`,
      ),
    )
    .orderBy(asc(partnerProgrammes.listingId))
    .limit(1);
  if (!followed) return;
  await tx.update(partnerProgrammes).set({ commitmentMonths: 12 }).where(eq(partnerProgrammes.listingId, followed.listingId));
}
