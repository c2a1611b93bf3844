import type { Listing, ListingSummary } from '../../../shared/types';
import { claimDomainOf } from '../../../shared/schemas/listing-claim';
import { listingExcerpt } from './listing-excerpt';
import type { ListingSummaryWithRelations, ListingWithRelations } from './listings.queries';

/** The API shape of a listing in a list (SPEC.md section 3; shared/types.ts, ListingSummary). */
export function toListingSummaryJson({ listing, category, provider }: Omit<ListingSummaryWithRelations, 'programme'>): ListingSummary {
  return {
    id: listing.id,
    slug: listing.slug,
    type: listing.type,
    title: listing.title,
    excerpt: listingExcerpt(listing.shortDescription, listing.descriptionStart),
    categoryId: listing.categoryId,
    category,
    price: listing.price,
    priceType: listing.priceType,
    deliveryTime: listing.deliveryTime,
    tags: listing.tags,
    imageUrl: listing.imageUrl,
    isFeatured: listing.isFeatured,
    // A paid placement is disclosed as such: featured by a slot its provider pays for, not by the editors.
    sponsored: listing.isFeatured && !listing.featuredByEditor,
    status: listing.status,
    viewCount: listing.viewCount,
    rating: Math.round(listing.rating * 10) / 10,
    reviewCount: listing.reviewCount,
    provider: provider && {
      id: provider.id,
      slug: provider.slug,
      firstName: provider.firstName,
      lastName: provider.lastName,
      companyName: provider.companyName,
      profileImageUrl: provider.profileImageUrl,
    },
    unclaimedCompany: listing.unclaimedCompany,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
  };
}

/**
 * The API shape of a whole listing: its card and the rest. `viewer` decides whether moderation
 * details (the rejection reason, an edit awaiting approval) and the provider's e-mail address are
 * included: only its owner and administrators see them.
 */
export function toListingJson(row: ListingWithRelations, viewer?: { id: string; isAdmin: boolean } | null): Listing {
  const { listing, provider } = row;
  const privileged = !!viewer && (viewer.isAdmin || viewer.id === listing.providerId);
  const card = toListingSummaryJson(row);
  return {
    ...card,
    provider: card.provider && provider && privileged ? { ...card.provider, email: provider.email } : card.provider,
    description: listing.description,
    shortDescription: listing.shortDescription,
    features: listing.features,
    screenshotUrl: listing.screenshotUrl,
    websiteUrl: listing.websiteUrl,
    rejectionReason: privileged ? listing.rejectionReason : null,
    claimDomain: listing.providerId ? null : claimDomainOf(listing.unclaimedWebsite ?? listing.websiteUrl),
    ...(privileged && { hasPendingChanges: listing.pendingChanges !== null, featuredByEditor: listing.featuredByEditor }),
  };
}
