import type { Database } from '../../../db/client';
import type { ReviewPayload } from '../../../shared/schemas/review';
import type { ListingType, Review } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users.queries';
import { ListingNoun } from '../../../shared/listing-type';
import { toPublicReview } from '../listings/listing-reviews.queries';
import { wasApprovedPartnerBefore } from '../partner-applications/partner-applications.queries';
import { findReply } from './review-moderation.queries';
import { findReviewBy, insertReview, lockListingForReview, refreshListingRating, updateReview } from './reviews.queries';

export type ReviewResult = {
  review: Review;
  created: boolean;
  listing: { rating: number; reviewCount: number };
};

/**
 * One review per member per listing: a second submission replaces the first. The listing's cached
 * rating and review count change in the same transaction, so they never disagree with the reviews.
 */
export async function submitReview(
  db: Database,
  user: UserRow,
  type: ListingType,
  listingId: number,
  input: ReviewPayload,
): Promise<ReviewResult> {
  return db.transaction(async (tx) => {
    const listing = await lockListingForReview(tx, type, listingId);
    // A listing that is not live is not public: it answers as if it did not exist.
    if (!listing || listing.status !== 'approved') throw AppError.notFound(`${ListingNoun(type)} not found`);
    if (listing.providerId === user.id) throw AppError.forbidden('You cannot review your own listing.');

    const existing = await findReviewBy(tx, listingId, user.id);
    // A moderator's removal is final: writing again would undo it.
    if (existing?.moderation === 'removed') throw AppError.forbidden('Your review of this listing was removed by a moderator, so you cannot review it again.');
    const row = existing
      ? await updateReview(tx, existing.id, input)
      : await insertReview(tx, { listingId, userId: user.id, ...input });
    const aggregates = await refreshListingRating(tx, listingId);

    return {
      created: !existing,
      listing: { rating: aggregates.rating, reviewCount: aggregates.reviewCount },
      // A reported review keeps its state through its author's edits: only a moderator settles it.
      review: toPublicReview(
        { ...row, verifiedPartner: await wasApprovedPartnerBefore(tx, listingId, user.id, row.createdAt) },
        { id: user.id, firstName: user.firstName, lastName: user.lastName, profileImageUrl: user.profileImageUrl },
        (await findReply(tx, row.id)) ?? null,
      ),
    };
  });
}
