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
import { findProgrammeListing } from '../partner-programmes/partner-programmes.queries';
import { openProposal, readListingProgramme, settleProposal } from '../partner-programmes/partner-programmes.service';

type Deps = { db: Database; config: Config; mailer: Mailer };

const notFound = (type: ListingType) => AppError.notFound(type === 'tools' ? 'Tool not found' : 'Service not found');

/** What a decision was about: a new listing, an edit of a live one, its partner programme, or an edit and the programme together. */
type Subject = { wasEdit: boolean; listingChanged: boolean; programmeChanged: boolean };

/** The mail that tells the provider what became of their listing (or of their changes to a live one, its partner programme included). */
async function queueDecisionMail(tx: Executor, { config, mailer }: Deps, listing: ListingRow, decision: 'approved' | 'rejected', subject: Subject, reason: string | null) {
  const provider = listing.providerId ? await findUserById(tx, listing.providerId) : undefined;
  if (!provider) return;
  const noun = listingNoun(listing.type);
  const plural = subject.wasEdit;
  const what = !subject.wasEdit
    ? `Your ${noun} "${listing.title}"`
    : !subject.listingChanged
      ? `Your changes to the partner programme of your ${noun} "${listing.title}"`
      : subject.programmeChanged
        ? `Your changes to your ${noun} "${listing.title}" and to its partner programme`
        : `Your changes to your ${noun} "${listing.title}"`;
  const lines =
    decision === 'approved'
      ? [`${what} ${plural ? 'are' : 'is'} approved and live on ${config.siteName}:`, `${config.siteUrl}/${noun}/${listing.slug}`]
      : [
          `${what} ${plural ? 'were' : 'was'} not approved.`,
          ...(reason ? ['', `Reason: ${reason}`] : []),
          '',
          `You can update it and resubmit it from your provider dashboard: ${config.siteUrl}/provider`,
        ];
  const prefix = !subject.wasEdit ? '' : subject.listingChanged ? 'Changes to ' : 'Partner programme changes to ';
  await mailer.queue(tx, {
    to: provider.email,
    subject: `${prefix}"${listing.title}" ${decision === 'approved' ? 'approved' : 'not approved'}`,
    text: [`Hello ${formatPersonName(provider) || provider.email},`, '', ...lines].join('\n'),
  });
}

/**
 * Approves or rejects what waits on a listing: the listing itself while it is not live, a proposed
 * edit of a live one, the proposed change of its partner programme, or an edit and a programme
 * change together (docs/decisions/partner-programmes.md). Everything decided, its audit entries
 * and the provider's one mail land in one transaction; the mail leaves after the commit.
 * `scope: 'programme'` decides the programme proposal alone (its own route).
 */
async function decide(deps: Deps, admin: UserRow, type: ListingType, id: number, decision: 'approved' | 'rejected', reason: string | null, scope: 'all' | 'programme' = 'all') {
  const listing = await deps.db.transaction(async (tx) => {
    // Locked first: a provider's new proposal cannot slip in between the read and the decision.
    const locked = await findProgrammeListing(tx, type, id, true);
    const before = locked && (await findListingById(tx, type, id));
    if (!before) throw notFound(type);
    const live = before.listing;
    const wasEdit = live.status === 'approved';
    const listingWaits = scope === 'all' && (live.status === 'pending' || (live.status === 'approved' && live.pendingChanges !== null));
    const programmeWaits = (await openProposal(tx, live.id)) !== undefined;
    if (scope === 'programme' && !programmeWaits) throw AppError.conflict('There is no partner programme change waiting for review');
    let row: ListingRow = live;
    // With nothing else waiting, the listing's own rules answer (409 for a listing with nothing to decide).
    if (listingWaits || !programmeWaits) {
      row = decision === 'approved' ? await approveListing(tx, type, id) : await rejectListing(tx, type, id, reason);
      const details = decision === 'approved' ? { title: row.title } : { title: row.title, reason: row.rejectionReason };
      await recordAudit(tx, { actorId: admin.id, action: decision === 'approved' ? 'listing.approve' : 'listing.reject', entityType: listingNoun(type), entityId: id, details });
    }
    if (programmeWaits) await settleProposal(tx, admin, type, live, decision, reason);
    const mailReason = reason?.trim() ? reason.trim() : null;
    await queueDecisionMail(tx, deps, row, decision, { wasEdit, listingChanged: listingWaits || !programmeWaits, programmeChanged: programmeWaits }, mailReason);
    return findListingById(tx, type, id);
  });
  deps.mailer.deliver();
  return listing!;
}

export const approve = async (deps: Deps, admin: UserRow, type: ListingType, id: number) => toListingJson((await decide(deps, admin, type, id, 'approved', null)), admin);
export const reject = async (deps: Deps, admin: UserRow, type: ListingType, id: number, reason: string | null) =>
  toListingJson(await decide(deps, admin, type, id, 'rejected', reason), admin);

/** The programme's own routes: the proposed programme change alone, decided and mailed as the listing's Approve / Reject would. */
export async function decideProgramme(deps: Deps, admin: UserRow, type: ListingType, id: number, decision: 'approved' | 'rejected', reason: string | null) {
  await decide(deps, admin, type, id, decision, reason, 'programme');
  return readListingProgramme(deps.db, admin, type, id);
}

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
