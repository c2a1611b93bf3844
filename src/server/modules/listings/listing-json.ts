import type { Listing, ProviderSummary } from '../../../shared/types';
import type { ListingWithRelations } from './listings.queries';

/**
 * The API shape of a listing (SPEC.md section 3). `viewer` decides whether moderation details
 * (the rejection reason, an edit awaiting approval) and the provider's e-mail address are included:
 * only its owner and administrators see them.
 */
export function toListingJson(
  { listing, category, provider }: ListingWithRelations,
  viewer?: { id: string; isAdmin: boolean } | null,
): Listing {
  const privileged = !!viewer && (viewer.isAdmin || viewer.id === listing.providerId);
  const providerJson: ProviderSummary | null = provider && {
    id: provider.id,
    slug: provider.slug,
    firstName: provider.firstName,
    lastName: provider.lastName,
    ...(privileged && { email: provider.email }),
    companyName: provider.companyName,
    profileImageUrl: provider.profileImageUrl,
  };
  return {
    id: listing.id,
    slug: listing.slug,
    type: listing.type,
    title: listing.title,
    description: listing.description,
    shortDescription: listing.shortDescription,
    categoryId: listing.categoryId,
    category,
    price: listing.price,
    priceType: listing.priceType,
    deliveryTime: listing.deliveryTime,
    tags: listing.tags,
    features: listing.features,
    imageUrl: listing.imageUrl,
    screenshotUrl: listing.screenshotUrl,
    websiteUrl: listing.websiteUrl,
    isFeatured: listing.isFeatured,
    status: listing.status,
    rejectionReason: privileged ? listing.rejectionReason : null,
    ...(privileged && { hasPendingChanges: listing.pendingChanges !== null }),
    viewCount: listing.viewCount,
    rating: Math.round(listing.rating * 10) / 10,
    reviewCount: listing.reviewCount,
    provider: providerJson,
    createdAt: listing.createdAt.toISOString(),
    updatedAt: listing.updatedAt.toISOString(),
  };
}
