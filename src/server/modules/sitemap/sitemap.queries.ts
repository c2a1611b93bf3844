import { and, eq, exists, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';

/** Every live listing: the sitemap never names one a visitor could not open. */
export const approvedListings = (db: Executor) =>
  db
    .select({ type: listings.type, slug: listings.slug, updatedAt: listings.updatedAt })
    .from(listings)
    .where(eq(listings.status, 'approved'))
    .orderBy(listings.id);

export const allCategories = (db: Executor) =>
  db.select({ type: categories.type, slug: categories.slug, updatedAt: categories.updatedAt }).from(categories).orderBy(categories.id);

/** Providers with at least one live listing: the profiles worth a crawler's visit. */
export const providersWithLiveListings = (db: Executor) =>
  db
    .select({ slug: users.slug, updatedAt: users.updatedAt })
    .from(users)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(listings)
          .where(and(eq(listings.providerId, users.id), eq(listings.status, 'approved'))),
      ),
    )
    .orderBy(users.createdAt);
