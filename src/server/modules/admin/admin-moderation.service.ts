import type { Database, Executor } from '../../../db/client';
import type { ListingType } from '../../../shared/types';
import { formatPersonName } from '../../../shared/format';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import type { Mailer } from '../mail/mailer';
import { toListingJson } from '../listings/listing-json';
import { approveListing, rejectListing } from '../listings/listing-moderation';
import { findListingById, type ListingRow } from '../listings/listings.queries';
import { findUserById, type UserRow } from '../users/users.queries';
import { deleteListingRow, setFeatured } from './admin-listings.queries';
import { listingNoun } from '../../../shared/listing-type';

type Deps = { db: Database; config: Config; mailer: Mailer };

const notFound = (type: ListingType) => AppError.notFound(type === 'tools' ? 'Tool not found' : 'Service not found');

/** The mail that tells the provider what became of their listing (or of their changes to a live one). */
async function queueDecisionMail(tx: Executor, { config, mailer }: Deps, listing: ListingRow, decision: 'approved' | 'rejected', wasEdit: boolean) {
  const provider = await findUserById(tx, listing.providerId);
  if (!provider) return;
  const what = wasEdit ? `Your changes to your ${listingNoun(listing.type)} "${listing.title}"` : `Your ${listingNoun(listing.type)} "${listing.title}"`;
  const lines =
    decision === 'approved'
      ? [`${what} ${wasEdit ? 'are' : 'is'} approved and live on ${config.siteName}:`, `${config.siteUrl}/${listingNoun(listing.type)}/${listing.slug}`]
      : [
          `${what} ${wasEdit ? 'were' : 'was'} not approved.`,
          ...(listing.rejectionReason ? ['', `Reason: ${listing.rejectionReason}`] : []),
          '',
          `You can update it and resubmit it from your provider dashboard: ${config.siteUrl}/provider`,
        ];
  await mailer.queue(tx, {
    to: provider.email,
    subject: `${wasEdit ? 'Changes to ' : ''}"${listing.title}" ${decision === 'approved' ? 'approved' : 'not approved'}`,
    text: [`Hello ${formatPersonName(provider) || provider.email},`, '', ...lines].join('\n'),
  });
}

/**
 * Approves or rejects a pending listing (or a pending edit of a live one). The decision, its audit
 * entry and the provider's mail land together; the mail leaves after the commit.
 */
async function decide(deps: Deps, admin: UserRow, type: ListingType, id: number, decision: 'approved' | 'rejected', reason: string | null) {
  const listing = await deps.db.transaction(async (tx) => {
    const before = await findListingById(tx, type, id);
    if (!before) throw notFound(type);
    const wasEdit = before.listing.status === 'approved';
    const row = decision === 'approved' ? await approveListing(tx, type, id) : await rejectListing(tx, type, id, reason);
    const details = decision === 'approved' ? { title: row.title } : { title: row.title, reason: row.rejectionReason };
    await recordAudit(tx, { actorId: admin.id, action: decision === 'approved' ? 'listing.approve' : 'listing.reject', entityType: listingNoun(type), entityId: id, details });
    await queueDecisionMail(tx, deps, row, decision, wasEdit);
    return findListingById(tx, type, id);
  });
  deps.mailer.deliver();
  return toListingJson(listing!, admin);
}

export const approve = (deps: Deps, admin: UserRow, type: ListingType, id: number) => decide(deps, admin, type, id, 'approved', null);
export const reject = (deps: Deps, admin: UserRow, type: ListingType, id: number, reason: string | null) => decide(deps, admin, type, id, 'rejected', reason);

export async function deleteListing(db: Database, admin: UserRow, type: ListingType, id: number) {
  await db.transaction(async (tx) => {
    const deleted = await deleteListingRow(tx, type, id);
    if (!deleted) throw notFound(type);
    await recordAudit(tx, { actorId: admin.id, action: 'listing.delete', entityType: listingNoun(type), entityId: id, details: { title: deleted.title } });
  });
}

export async function feature(db: Database, admin: UserRow, type: ListingType, id: number, isFeatured: boolean) {
  const listing = await db.transaction(async (tx) => {
    const updated = await setFeatured(tx, type, id, isFeatured);
    if (!updated) throw notFound(type);
    await recordAudit(tx, { actorId: admin.id, action: 'listing.feature', entityType: listingNoun(type), entityId: id, details: { title: updated.title, isFeatured } });
    return findListingById(tx, type, id);
  });
  return toListingJson(listing!, admin);
}
