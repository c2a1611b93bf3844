import type { Database, Executor } from '../../../db/client';
import type { ListingClaimRow } from '../../../db/schema/listing-claims';
import { formatPersonName } from '../../../shared/format';
import { listingNoun } from '../../../shared/listing-type';
import { claimAddressProblem, claimDomainOf, type ListingClaimJson } from '../../../shared/schemas/listing-claim';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { recordAudit } from '../audit/audit.queries';
import type { Mailer } from '../mail/mailer';
import { issueUserToken } from '../password-reset/password-reset.service';
import { expireOpenTokens, lockUserToken } from '../password-reset/user-tokens.queries';
import { listingPath } from '../reviews/review-replies.service';
import type { UserRow } from '../users/users.queries';
import { findUserById } from '../users/users.queries';
import {
  type ClaimListing,
  type ClaimWithRelations,
  decideClaim,
  findClaimListing,
  findClaimWithRelations,
  findOpenEvidenceClaim,
  giveListingTo,
  insertClaim,
  listOpenEvidenceClaims,
  lockClaim,
  lockClaimByToken,
  makeClaimantProvider,
  refuseOtherClaims,
} from './listing-claims.queries';

type Deps = { db: Database; config: Config; mailer: Mailer };

/** A claim link lives a day: long enough for a colleague to forward it, short enough to go stale. */
export const CLAIM_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export const ALREADY_CLAIMED = 'This listing already has a provider, so it cannot be claimed.';
export const INVALID_CLAIM_LINK = 'This claim link is invalid, has expired or was already used. Please ask for a new one from the listing page.';
export const CLAIM_QUEUED = 'Thank you: an administrator will review your claim and email you the decision.';
const OTHER_CLAIM_WON = 'Another account has claimed this listing.';

const claimLinkSent = (email: string) => `We have sent a link to ${email}. Open it within 24 hours, signed in as you are now, to claim the listing.`;

/** A live listing that nobody provides yet; anything else cannot be claimed. */
async function claimableListing(db: Executor, id: number, options?: { lock?: boolean }): Promise<ClaimListing> {
  const listing = await findClaimListing(db, id, options);
  if (!listing || listing.status !== 'approved') throw AppError.notFound('Listing not found');
  if (listing.providerId) throw AppError.conflict(ALREADY_CLAIMED);
  return listing;
}

const claimantName = (user: Pick<UserRow, 'firstName' | 'lastName' | 'email'>) => formatPersonName(user) || user.email;

/**
 * "Is this your company?" by e-mail: a one-time link (a user token of purpose 'listing-claim',
 * docs/decisions/one-time-links.md) to an address at the listing's website domain. Whoever opens
 * it, signed in as the member who asked, gets the listing.
 */
export async function requestClaimLink({ db, config, mailer }: Deps, user: UserRow, listingId: number, email: string): Promise<{ message: string }> {
  const listing = await claimableListing(db, listingId);
  const domain = claimDomainOf(listing.unclaimedWebsite ?? listing.websiteUrl);
  if (!domain) throw AppError.badRequest('This listing has no company website to send a link to. Please send a claim with evidence instead.');
  const problem = claimAddressProblem(email, domain);
  if (problem) throw AppError.badRequest(problem, { email: problem });

  await db.transaction(async (tx) => {
    const token = await issueUserToken(tx, user.id, 'listing-claim', CLAIM_LINK_LIFETIME_MS);
    await insertClaim(tx, { listingId: listing.id, claimantId: user.id, method: 'email', email, tokenHash: hashToken(token) });
    const link = `${config.siteUrl}/claim-listing?token=${encodeURIComponent(token)}`;
    await mailer.queue(tx, {
      to: email,
      subject: `Claim "${listing.title}" on ${config.siteName}`,
      text: [
        `${claimantName(user)} (${user.email}) asked to claim the listing "${listing.title}" of ${listing.unclaimedCompany} on ${config.siteName}, and gave this address to show they work there.`,
        '',
        `If that is you, open this link within 24 hours, signed in as ${user.email}:`,
        link,
        '',
        'If you did not ask for this, ignore this email: nothing changes.',
      ].join('\n'),
    });
  });
  mailer.deliver();
  return { message: claimLinkSent(email) };
}

/**
 * Moves the listing to the claimant, in the caller's transaction: the listing (its reviews stay
 * attached to it), the claimant's provider flag and empty company fields, the claim's decision,
 * the refusal of every other open claim of the listing, and the audit entry.
 */
async function transferListing(tx: Executor, deps: Deps, listing: ClaimListing, claim: ListingClaimRow, actorId: string) {
  const moved = await giveListingTo(tx, listing.id, claim.claimantId);
  if (!moved) throw AppError.conflict(ALREADY_CLAIMED);
  const website = listing.unclaimedWebsite ?? listing.websiteUrl;
  await makeClaimantProvider(tx, claim.claimantId, listing.unclaimedCompany, website);
  await decideClaim(tx, claim.id, { status: 'approved', decidedById: actorId, reason: null });
  const others = await refuseOtherClaims(tx, listing.id, claim.id, actorId, OTHER_CLAIM_WON);
  const claimant = await findUserById(tx, claim.claimantId);
  await recordAudit(tx, {
    actorId,
    action: 'listing.claim',
    entityType: listingNoun(listing.type),
    entityId: listing.id,
    details: { title: listing.title, company: listing.unclaimedCompany, claimId: claim.id, method: claim.method, providerId: claim.claimantId, providerEmail: claimant?.email ?? null, reviews: listing.reviewCount, refusedClaims: others.length },
  });
  for (const other of others.filter((each) => each.method === 'evidence')) {
    const member = await findUserById(tx, other.claimantId);
    if (member) await deps.mailer.queue(tx, rejectionMail(deps.config, member.email, listing, OTHER_CLAIM_WON));
  }
}

/** Where a claim link ends: checks the token, and the listing is the member's. */
export async function confirmClaimLink(deps: Deps, user: UserRow, token: string): Promise<{ message: string; listing: { id: number; type: 'tools' | 'services'; slug: string } }> {
  const listing = await deps.db.transaction(async (tx) => {
    const row = await lockUserToken(tx, hashToken(token), 'listing-claim');
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) throw AppError.badRequest(INVALID_CLAIM_LINK);
    if (row.userId !== user.id) throw AppError.forbidden('This claim link was asked for by another account. Please sign in as the member who asked for it.');
    const claim = await lockClaimByToken(tx, row.tokenHash);
    if (!claim || claim.status !== 'pending') throw AppError.badRequest(INVALID_CLAIM_LINK);
    await expireOpenTokens(tx, row.userId, 'listing-claim');
    const found = await claimableListing(tx, claim.listingId, { lock: true });
    await transferListing(tx, deps, found, claim, user.id);
    return found;
  });
  deps.mailer.deliver();
  return { message: `"${listing.title}" is now yours: you can edit it from your provider dashboard.`, listing: { id: listing.id, type: listing.type, slug: listing.slug } };
}

function toClaimJson({ claim, listing, claimant }: ClaimWithRelations): ListingClaimJson {
  return {
    id: claim.id,
    method: claim.method,
    status: claim.status,
    email: claim.email,
    evidence: claim.evidence,
    reason: claim.reason,
    createdAt: claim.createdAt.toISOString(),
    decidedAt: claim.decidedAt ? claim.decidedAt.toISOString() : null,
    listing,
    claimant,
  };
}

/** "Is this your company?" with evidence: queued for an administrator's decision. */
export async function submitEvidenceClaim(db: Database, user: UserRow, listingId: number, evidence: string): Promise<{ message: string; claim: ListingClaimJson }> {
  const listing = await claimableListing(db, listingId);
  if (await findOpenEvidenceClaim(db, listing.id, user.id)) throw AppError.conflict('You have already asked to claim this listing: an administrator will decide soon.');
  const claim = await insertClaim(db, { listingId: listing.id, claimantId: user.id, method: 'evidence', evidence });
  return { message: CLAIM_QUEUED, claim: toClaimJson((await findClaimWithRelations(db, claim.id))!) };
}

export async function claimsQueue(db: Executor): Promise<ListingClaimJson[]> {
  return (await listOpenEvidenceClaims(db, 200)).map(toClaimJson);
}

/** Locks an open claim with evidence, or says why it cannot be decided. */
async function openClaim(tx: Executor, id: number): Promise<ListingClaimRow> {
  const claim = await lockClaim(tx, id);
  if (!claim || claim.method !== 'evidence') throw AppError.notFound('Claim not found');
  if (claim.status !== 'pending') throw AppError.conflict('This claim has already been decided.');
  return claim;
}

function rejectionMail(config: Config, to: string, listing: Pick<ClaimListing, 'title'>, reason: string) {
  return {
    to,
    subject: `Your claim of "${listing.title}" was not approved`,
    text: [`Your claim of the listing "${listing.title}" on ${config.siteName} was not approved.`, '', `Reason: ${reason}`, '', `If you can show more, you may claim it again from the listing page.`].join('\n'),
  };
}

export async function approveClaim(deps: Deps, admin: UserRow, id: number): Promise<ListingClaimJson> {
  await deps.db.transaction(async (tx) => {
    const claim = await openClaim(tx, id);
    const listing = await findClaimListing(tx, claim.listingId, { lock: true });
    if (!listing) throw AppError.notFound('Listing not found');
    if (listing.providerId) throw AppError.conflict(ALREADY_CLAIMED);
    await transferListing(tx, deps, listing, claim, admin.id);
    const claimant = await findUserById(tx, claim.claimantId);
    if (claimant) {
      await deps.mailer.queue(tx, {
        to: claimant.email,
        subject: `Your claim of "${listing.title}" was approved`,
        text: [`Your claim of the listing "${listing.title}" on ${deps.config.siteName} was approved: it is now yours.`, '', `Edit it from your provider dashboard: ${deps.config.siteUrl}/provider`, `The listing: ${listingPath(deps.config, listing)}`].join('\n'),
      });
    }
  });
  deps.mailer.deliver();
  return toClaimJson((await findClaimWithRelations(deps.db, id))!);
}

export async function rejectClaim(deps: Deps, admin: UserRow, id: number, reason: string): Promise<ListingClaimJson> {
  await deps.db.transaction(async (tx) => {
    const claim = await openClaim(tx, id);
    const listing = await findClaimListing(tx, claim.listingId);
    await decideClaim(tx, claim.id, { status: 'rejected', decidedById: admin.id, reason });
    await recordAudit(tx, { actorId: admin.id, action: 'listing-claim.reject', entityType: 'listing-claim', entityId: claim.id, details: { listingId: claim.listingId, title: listing?.title ?? null, claimantId: claim.claimantId, reason } });
    const claimant = await findUserById(tx, claim.claimantId);
    if (claimant && listing) await deps.mailer.queue(tx, rejectionMail(deps.config, claimant.email, listing, reason));
  });
  deps.mailer.deliver();
  return toClaimJson((await findClaimWithRelations(deps.db, id))!);
}
