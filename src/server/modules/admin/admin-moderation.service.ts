import type { Database } from '../../../db/client';
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


/** Tells the provider what became of their listing; delivery problems never undo the decision. */
async function notifyProvider({ db, config, mailer }: Deps, listing: ListingRow, decision: 'approved' | 'rejected', wasEdit: boolean) {
  const provider = await findUserById(db, listing.providerId);
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
  await mailer.send({
    to: provider.email,
    subject: `${wasEdit ? 'Changes to ' : ''}"${listing.title}" ${decision === 'approved' ? 'approved' : 'not approved'}`,
    text: [`Hello ${formatPersonName(provider) || provider.email},`, '', ...lines].join('\n'),
  });
}

export async function approve(deps: Deps, admin: UserRow, type: ListingType, id: number) {
  const before = await findListingById(deps.db, type, id);
  const row = await deps.db.transaction(async (tx) => {
    const approved = await approveListing(tx, type, id);
    await recordAudit(tx, { actorId: admin.id, action: 'listing.approve', entityType: listingNoun(type), entityId: id, details: { title: approved.title } });
    return approved;
  });
  await notifyProvider(deps, row, 'approved', before?.listing.status === 'approved');
  return toListingJson((await findListingById(deps.db, type, id))!, admin);
}

export async function reject(deps: Deps, admin: UserRow, type: ListingType, id: number, reason: string | null) {
  const before = await findListingById(deps.db, type, id);
  const row = await deps.db.transaction(async (tx) => {
    const rejected = await rejectListing(tx, type, id, reason);
    await recordAudit(tx, { actorId: admin.id, action: 'listing.reject', entityType: listingNoun(type), entityId: id, details: { title: rejected.title, reason: rejected.rejectionReason } });
    return rejected;
  });
  await notifyProvider(deps, row, 'rejected', before?.listing.status === 'approved');
  return toListingJson((await findListingById(deps.db, type, id))!, admin);
}

export async function deleteListing(db: Database, admin: UserRow, type: ListingType, id: number) {
  await db.transaction(async (tx) => {
    const deleted = await deleteListingRow(tx, type, id);
    if (!deleted) throw AppError.notFound(type === 'tools' ? 'Tool not found' : 'Service not found');
    await recordAudit(tx, { actorId: admin.id, action: 'listing.delete', entityType: listingNoun(type), entityId: id, details: { title: deleted.title } });
  });
}

export async function feature(db: Database, admin: UserRow, type: ListingType, id: number, isFeatured: boolean) {
  await db.transaction(async (tx) => {
    const updated = await setFeatured(tx, type, id, isFeatured);
    if (!updated) throw AppError.notFound(type === 'tools' ? 'Tool not found' : 'Service not found');
    await recordAudit(tx, { actorId: admin.id, action: 'listing.feature', entityType: listingNoun(type), entityId: id, details: { title: updated.title, isFeatured } });
  });
  return toListingJson((await findListingById(db, type, id))!, admin);
}
