import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import { users } from '../../../db/schema/users';
import type { ListingType } from '../../../shared/types';

/** One batch of listings of a type after `afterId`, in id order, with the category slug, the provider's e-mail and the partner programme (or null). */
export function listingBatch(db: Executor, type: ListingType, afterId: number, size: number) {
  return db
    .select({
      id: listings.id,
      slug: listings.slug,
      type: listings.type,
      status: listings.status,
      title: listings.title,
      shortDescription: listings.shortDescription,
      description: listings.description,
      category: categories.slug,
      price: listings.price,
      priceType: listings.priceType,
      deliveryTime: listings.deliveryTime,
      tags: listings.tags,
      features: listings.features,
      websiteUrl: listings.websiteUrl,
      // The editors' pick, which an import sets; a featured slot is the provider's, not the catalogue's.
      isFeatured: listings.featuredByEditor,
      provider: users.email,
      providerId: listings.providerId,
      rating: listings.rating,
      reviewCount: listings.reviewCount,
      viewCount: listings.viewCount,
      createdAt: listings.createdAt,
      updatedAt: listings.updatedAt,
      programme: partnerProgrammes,
    })
    .from(listings)
    .innerJoin(categories, eq(categories.id, listings.categoryId))
    .leftJoin(users, eq(users.id, listings.providerId))
    .leftJoin(partnerProgrammes, eq(partnerProgrammes.listingId, listings.id))
    .where(and(eq(listings.type, type), gt(listings.id, afterId)))
    .orderBy(asc(listings.id))
    .limit(size);
}

export type ListingExportRow = Awaited<ReturnType<typeof listingBatch>>[number];

const parents = alias(categories, 'parent');

/** Every category, top-level ones first (so an import of the file meets each parent before its children). */
export function allCategories(db: Executor) {
  return db
    .select({
      type: categories.type,
      slug: categories.slug,
      name: categories.name,
      parent: parents.slug,
      description: categories.description,
      icon: categories.icon,
    })
    .from(categories)
    .leftJoin(parents, eq(parents.id, categories.parentId))
    .orderBy(asc(categories.type), sql`${categories.parentId} is not null`, asc(categories.id));
}
