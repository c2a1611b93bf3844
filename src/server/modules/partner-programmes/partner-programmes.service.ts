import type { Database, Executor } from '../../../db/client';
import type { UserRow } from '../../../db/schema/users';
import { formatProviderName } from '../../../shared/format';
import { listingNoun } from '../../../shared/listing-type';
import type { ListingProgrammeJson, ProgrammeChangeJson, ProgrammeChangeProposalJson } from '../../../shared/schemas/partner-programme-json';
import type { ProgrammeType } from '../../../shared/partner-programme-values';
import { programmeListingIssues, type PartnerProgrammeTerms, type ProgrammeVerification } from '../../../shared/schemas/partner-programme';
import type { ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import { assertPartnerTermsGranted } from '../plans/plans.service';
import { recordAudit } from '../audit/audit.queries';
import { listingNotFoundMessage } from '../listings/listing-params';
import * as queries from './partner-programmes.queries';
import type { ProgrammeListing } from './partner-programmes.queries';
import { withGrants } from './programme-grants';
import { toProgrammeJson, viewerRole } from './programme-json';
import { rowToTerms, sameTerms } from '../../../db/partner-programme-terms';

/**
 * Partner programmes (docs/decisions/partner-programmes.md): who may read which numbers, and how
 * a change reaches the live terms. A provider's change to the programme of a live listing waits
 * for an administrator, like an edit of the listing itself (docs/decisions/edits-of-live-listings.md);
 * every applied change is logged and clears the verification.
 */

type Viewer = Pick<UserRow, 'id' | 'isAdmin'> | null;

/** A listing nobody but its owner and administrators may see yet answers 404 to everyone else, as its page does. */
function canSeeListing(listing: ProgrammeListing, viewer: Viewer): boolean {
  return listing.status === 'approved' || (viewer !== null && (viewer.isAdmin || viewer.id === listing.providerId));
}

async function visibleListing(db: Executor, viewer: Viewer, type: ListingType, id: number): Promise<ProgrammeListing> {
  const listing = await queries.findProgrammeListing(db, type, id);
  if (!listing || !canSeeListing(listing, viewer)) throw AppError.notFound(listingNotFoundMessage(type));
  return listing;
}

/** The programme of a listing as the viewer may see it, and for its owner and administrators the open proposal. */
export async function readListingProgramme(db: Executor, viewer: Viewer, type: ListingType, id: number, now = new Date()): Promise<ListingProgrammeJson> {
  const listing = await visibleListing(db, viewer, type, id);
  const plainRole = viewerRole(viewer, listing);
  const [row, changedAt, proposal] = await Promise.all([
    queries.findProgramme(db, listing.id),
    plainRole === 'visitor' ? null : queries.lastTermsChange(db, listing.id),
    plainRole === 'owner' || plainRole === 'admin' ? queries.findProposal(db, listing.id) : undefined,
  ]);
  // A member's approved partner application grants them terms on request (programme-grants.ts).
  const role = row?.visibility === 'on_request' && plainRole === 'member' ? viewerRole(await withGrants(db, viewer, [listing.id]), listing) : plainRole;
  const answer: ListingProgrammeJson = { programme: row ? toProgrammeJson(row, listing, role, changedAt, now) : null };
  if (role === 'owner' || role === 'admin') {
    answer.proposal = proposal ? { terms: proposal.terms, submittedAt: proposal.submittedAt.toISOString(), rejectionReason: proposal.rejectionReason } : null;
  }
  return answer;
}

/** Replaces the live terms (null: removes the programme), logging the change; nothing happens when nothing changes. */
async function applyTerms(tx: Executor, listingId: number, terms: PartnerProgrammeTerms | null, actorId: string) {
  const current = await queries.findProgramme(tx, listingId);
  const before = current ? rowToTerms(current) : null;
  if (sameTerms(before, terms)) return;
  if (terms) await queries.saveProgramme(tx, listingId, terms);
  else await queries.deleteProgramme(tx, listingId);
  await queries.insertChange(tx, listingId, before, terms, actorId);
}

/**
 * The terms must agree with the listing they belong to (the shared schema's rule): with the price
 * type of its edit awaiting approval when there is one, since that is what goes live with them.
 */
function refuseContradiction(listing: ProgrammeListing, terms: PartnerProgrammeTerms) {
  const [issue] = programmeListingIssues(listing.pendingPriceType ?? listing.priceType, terms);
  if (issue) throw AppError.badRequest(issue.message, { [issue.path.join('.')]: issue.message });
}

/**
 * The owner or an administrator sets (or, with null, removes) a listing's programme. An
 * administrator's change applies at once and settles any open proposal. The owner's applies at
 * once while the listing is not live; on a live listing it becomes a proposal (an unchanged one
 * withdraws it) and the live terms stay until an administrator decides.
 */
export async function setListingProgramme(db: Database, user: UserRow, type: ListingType, id: number, terms: PartnerProgrammeTerms | null) {
  await db.transaction(async (tx) => {
    const listing = await queries.findProgrammeListing(tx, type, id, true);
    if (!listing || !canSeeListing(listing, user)) throw AppError.notFound(listingNotFoundMessage(type));
    if (!user.isAdmin && listing.providerId !== user.id) throw AppError.forbidden('You can only change the partner programme of your own listings');
    if (terms) refuseContradiction(listing, terms);
    // Adding or changing terms is a grant of the owner's plan; taking them off never is refused.
    if (terms && !user.isAdmin) await assertPartnerTermsGranted(tx, user.id);
    if (user.isAdmin) {
      await applyTerms(tx, listing.id, terms, user.id);
      await queries.deleteProposal(tx, listing.id);
      await recordAudit(tx, { actorId: user.id, action: terms ? 'partner_programme.save' : 'partner_programme.remove', entityType: listingNoun(type), entityId: id });
      return;
    }
    if (listing.status !== 'approved') {
      await applyTerms(tx, listing.id, terms, user.id);
      return;
    }
    const current = await queries.findProgramme(tx, listing.id);
    if (sameTerms(current ? rowToTerms(current) : null, terms)) await queries.deleteProposal(tx, listing.id);
    else await queries.saveProposal(tx, listing.id, terms, user.id);
  });
  return readListingProgramme(db, user, type, id);
}

/** For the administrators' pending list: each listing's proposed programme change beside its live terms, by listing id. */
export async function proposalsForReview(db: Executor, listingIds: number[]): Promise<Map<number, ProgrammeChangeProposalJson>> {
  const rows = await queries.findOpenProposalsWithProgrammes(db, listingIds);
  return new Map(
    rows.map(({ proposal, programme }) => [
      proposal.listingId,
      { current: programme ? rowToTerms(programme) : null, proposed: proposal.terms, submittedAt: proposal.submittedAt.toISOString() },
    ]),
  );
}

/** For the administrators' pending list: each listing's own terms, every number, by listing id. */
export async function termsForReview(db: Executor, listingIds: number[]): Promise<Map<number, PartnerProgrammeTerms>> {
  const rows = await queries.findProgrammesOf(db, listingIds);
  return new Map(rows.map((row) => [row.listingId, rowToTerms(row)]));
}

/** The proposal an administrator still has to decide; a turned-down one only keeps its reason for the provider. */
export async function openProposal(tx: Executor, listingId: number) {
  const proposal = await queries.findProposal(tx, listingId);
  return proposal && proposal.rejectionReason === null ? proposal : undefined;
}

/**
 * Decides the open proposal inside the caller's transaction (the listing locked by it): approved,
 * its terms go live (logged, verification cleared); rejected, the live terms stay and the reason
 * is kept for the provider. Either way with its audit entry. False when there was none.
 */
export async function settleProposal(tx: Executor, admin: UserRow, type: ListingType, listing: { id: number; title: string }, decision: 'approved' | 'rejected', reason: string | null) {
  const proposal = await openProposal(tx, listing.id);
  if (!proposal) return false;
  if (decision === 'approved') {
    await applyTerms(tx, listing.id, proposal.terms, proposal.submittedBy ?? admin.id);
    await queries.deleteProposal(tx, listing.id);
    await recordAudit(tx, { actorId: admin.id, action: 'partner_programme.approve', entityType: listingNoun(type), entityId: listing.id, details: { title: listing.title } });
  } else {
    const rejectionReason = reason?.trim() ? reason.trim() : 'Not approved';
    await queries.saveProposalRejection(tx, listing.id, rejectionReason);
    await recordAudit(tx, { actorId: admin.id, action: 'partner_programme.reject', entityType: listingNoun(type), entityId: listing.id, details: { title: listing.title, reason: rejectionReason } });
  }
  return true;
}

/** An administrator vouches for the live terms: on which day, and from what. */
export async function verifyProgramme(db: Database, admin: UserRow, type: ListingType, id: number, verification: ProgrammeVerification) {
  await db.transaction(async (tx) => {
    // The listing first, as every other write of the programme takes it: the trigger copying the
    // verification onto the listing's row then never waits on a price change holding the listing
    // and waiting on the programme.
    const listing = await queries.findProgrammeListing(tx, type, id, true);
    if (!listing) throw AppError.notFound(listingNotFoundMessage(type));
    const verifiedAt = new Date(`${verification.verifiedAt}T12:00:00Z`);
    const updated = await queries.setVerification(tx, listing.id, verifiedAt, verification.source);
    if (!updated) throw AppError.notFound('This listing has no partner programme');
    await recordAudit(tx, { actorId: admin.id, action: 'partner_programme.verify', entityType: listingNoun(type), entityId: id, details: { ...verification } });
  });
  return readListingProgramme(db, admin, type, id);
}

export async function programmeChanges(db: Executor, type: ListingType, id: number): Promise<ProgrammeChangeJson[]> {
  const listing = await queries.findProgrammeListing(db, type, id);
  if (!listing) throw AppError.notFound(listingNotFoundMessage(type));
  const rows = await queries.listChanges(db, listing.id);
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}

export async function adminProgrammes(db: Executor, filter: queries.AdminProgrammeFilter, limit: number, offset: number, now = new Date()) {
  const { rows, total } = await queries.listProgrammesForAdmin(db, filter, now, limit, offset);
  const stale = queries.staleBefore(now);
  return {
    total,
    items: rows.map(({ provider, ...row }) => ({
      ...row,
      provider: provider ? { id: provider.id, name: formatProviderName(provider), email: provider.email } : null,
      programmeTypes: row.programmeTypes as ProgrammeType[] | null,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      stale: row.verifiedAt !== null && row.verifiedAt < stale,
      proposedAt: row.proposedAt?.toISOString() ?? null,
      termsChangedAt: row.termsChangedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * The same rule from the listing's side: an edit of the listing's price type must agree with its
 * programme, the live terms and any proposed ones, or the pair would contradict itself although
 * each was accepted alone. The message is on the price type, the field the edit changed.
 */
export async function refusePriceTypeAgainstProgramme(tx: Executor, listingId: number, priceType: ProgrammeListing['priceType']) {
  const live = await queries.findProgramme(tx, listingId);
  const proposal = await queries.findProposal(tx, listingId);
  for (const terms of [live ? rowToTerms(live) : null, proposal?.terms ?? null]) {
    if (!terms) continue;
    const [issue] = programmeListingIssues(priceType, terms);
    if (issue) throw AppError.badRequest(issue.message, { priceType: issue.message });
  }
}
