import type { Database } from '../../../db/client';
import { formatPersonName } from '../../../shared/format';
import { listingNoun } from '../../../shared/listing-type';
import type { ReplyPayload } from '../../../shared/schemas/review-moderation';
import type { ReviewReply } from '../../../shared/types';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { Mailer } from '../mail/mailer';
import type { UserRow } from '../users/users.queries';
import { deleteReply, findReply, findReviewContext, type ReviewContext, upsertReply } from './review-moderation.queries';

type Deps = { db: Database; config: Config; mailer: Mailer };

/**
 * The review as its listing's provider may answer it: on a live listing, not removed by a
 * moderator, and only by that provider (administrators moderate; they do not speak for providers).
 */
function answerable(context: ReviewContext | undefined, user: UserRow): ReviewContext {
  if (!context || context.listing.status !== 'approved' || context.review.moderation === 'removed') throw AppError.notFound('Review not found');
  if (context.listing.providerId !== user.id) throw AppError.forbidden("Only this listing's provider can reply to its reviews.");
  return context;
}

export const listingPath = (config: Config, listing: { type: 'tools' | 'services'; slug: string }) => `${config.siteUrl}/${listingNoun(listing.type)}/${listing.slug}`;

/**
 * PUT /api/reviews/{id}/reply: posts the review's one reply (201) or edits it (200, shown as
 * edited). The reviewer is e-mailed when it is first posted, in the same transaction; edits do not
 * mail again, so a provider polishing a sentence does not flood the reviewer.
 */
export async function putReply({ db, config, mailer }: Deps, user: UserRow, reviewId: number, input: ReplyPayload): Promise<{ reply: ReviewReply; created: boolean }> {
  const result = await db.transaction(async (tx) => {
    const { listing, author } = answerable(await findReviewContext(tx, reviewId, { lock: true }), user);
    const created = !(await findReply(tx, reviewId));
    const row = await upsertReply(tx, reviewId, user.id, input.body);
    if (created && author) {
      const provider = user.companyName || formatPersonName(user) || 'The provider';
      await mailer.queue(tx, {
        to: author.email,
        subject: `${provider} replied to your review of "${listing.title}"`,
        text: [
          `Hello ${formatPersonName(author) || author.email},`,
          '',
          `${provider} replied to your review of "${listing.title}" on ${config.siteName}:`,
          '',
          input.body,
          '',
          `Read it under your review: ${listingPath(config, listing)}`,
          'You can edit your review there if you wish; replies cannot be answered.',
        ].join('\n'),
      });
    }
    return { created, reply: { body: row.body, createdAt: row.createdAt.toISOString(), editedAt: row.editedAt?.toISOString() ?? null } };
  });
  mailer.deliver();
  return result;
}

/** DELETE /api/reviews/{id}/reply: the provider takes their reply back. */
export async function removeReply(db: Database, user: UserRow, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    answerable(await findReviewContext(tx, reviewId, { lock: true }), user);
    if (!(await deleteReply(tx, reviewId))) throw AppError.notFound('Reply not found');
  });
}
