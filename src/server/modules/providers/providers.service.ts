import type { Database } from '../../../db/client';
import type { ProviderProfile } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import { listingCardsFor } from '../partner-programmes/programme-cards';
import { planBadges } from '../plans/plans.service';
import { countProviderListings, findProviderListings, findProviderRating, findPublicProvider } from './providers.queries';

/**
 * A profile page shows at most this many listings; listingCounts gives the full numbers, and
 * GET /api/services?providerId= (or tools) pages through the rest.
 */
export const PROFILE_LISTINGS_LIMIT = 100;

type Viewer = { id: string; isAdmin: boolean } | null;

/**
 * The profile with its listings' programme lines as this viewer may see them: a visitor's answer
 * (and the visitor's page cached from it) carries no member-only numbers.
 */
export async function providerProfile(db: Database, viewer: Viewer, idOrSlug: string): Promise<ProviderProfile> {
  const provider = await findPublicProvider(db, idOrSlug);
  if (!provider) throw AppError.notFound('Provider not found');
  const [listings, listingCounts, { rating, reviewCount, ratingBreakdown }, badges] = await Promise.all([
    findProviderListings(db, provider.id, PROFILE_LISTINGS_LIMIT),
    countProviderListings(db, provider.id),
    findProviderRating(db, provider.id),
    planBadges(db, [provider.id]),
  ]);
  return {
    ...provider,
    badge: badges.get(provider.id) ?? null,
    createdAt: provider.createdAt.toISOString(),
    rating,
    reviewCount,
    ratingBreakdown,
    listingCounts,
    listings: await listingCardsFor(db, viewer, listings),
  };
}
