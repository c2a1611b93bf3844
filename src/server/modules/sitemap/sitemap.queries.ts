import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';
import { isPublicProvider } from '../providers/providers.queries';

/**
 * Each sitemap section is counted, then read one chunk at a time in id order, so a chunk's
 * contents only shift when rows before it change.
 */
export type Chunk = { limit: number; offset: number };

/** Every live listing: the sitemap never names one a visitor could not open. */
const isLive = () => eq(listings.status, 'approved');

export const countLiveListings = (db: Executor) => db.$count(listings, isLive());

export const liveListingsChunk = (db: Executor, { limit, offset }: Chunk) =>
  db
    .select({ type: listings.type, slug: listings.slug, updatedAt: listings.updatedAt })
    .from(listings)
    .where(isLive())
    .orderBy(asc(listings.id))
    .limit(limit)
    .offset(offset);

export const countCategories = (db: Executor) => db.$count(categories);

export const categoriesChunk = (db: Executor, { limit, offset }: Chunk) =>
  db
    .select({ type: categories.type, slug: categories.slug, updatedAt: categories.updatedAt })
    .from(categories)
    .orderBy(asc(categories.id))
    .limit(limit)
    .offset(offset);

/** Public profiles by the rule the profile API and the page meta use (isPublicProvider). */
export const countPublicProviders = (db: Executor) => db.$count(users, isPublicProvider());

export const publicProvidersChunk = (db: Executor, { limit, offset }: Chunk) =>
  db
    .select({ slug: users.slug, updatedAt: users.updatedAt })
    .from(users)
    .where(isPublicProvider())
    .orderBy(asc(users.id))
    .limit(limit)
    .offset(offset);
