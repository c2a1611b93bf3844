import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { listingClaims, type ListingClaimRow } from '../../../db/schema/listing-claims';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';

/** What a claim needs of a listing: who owns it, and the company it waits for. */
const claimListingColumns = {
  id: listings.id,
  type: listings.type,
  slug: listings.slug,
  title: listings.title,
  status: listings.status,
  providerId: listings.providerId,
  unclaimedCompany: listings.unclaimedCompany,
  unclaimedWebsite: listings.unclaimedWebsite,
  websiteUrl: listings.websiteUrl,
  reviewCount: listings.reviewCount,
};

export type ClaimListing = { id: number; type: 'tools' | 'services'; slug: string; title: string; status: 'pending' | 'approved' | 'rejected'; providerId: string | null; unclaimedCompany: string | null; unclaimedWebsite: string | null; websiteUrl: string | null; reviewCount: number };

/** The listing, locked when `lock` (a claim's approval), so two approvals cannot both move it. */
export async function findClaimListing(db: Executor, id: number, { lock = false } = {}): Promise<ClaimListing | undefined> {
  const query = db.select(claimListingColumns).from(listings).where(eq(listings.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertClaim(db: Executor, row: typeof listingClaims.$inferInsert): Promise<ListingClaimRow> {
  const [claim] = await db.insert(listingClaims).values(row).returning();
  return claim!;
}

export async function lockClaim(db: Executor, id: number): Promise<ListingClaimRow | undefined> {
  const [row] = await db.select().from(listingClaims).where(eq(listingClaims.id, id)).limit(1).for('update');
  return row;
}

export async function lockClaimByToken(db: Executor, tokenHash: string): Promise<ListingClaimRow | undefined> {
  const [row] = await db.select().from(listingClaims).where(eq(listingClaims.tokenHash, tokenHash)).limit(1).for('update');
  return row;
}

export async function findOpenEvidenceClaim(db: Executor, listingId: number, claimantId: string) {
  const [row] = await db
    .select({ id: listingClaims.id })
    .from(listingClaims)
    .where(and(eq(listingClaims.listingId, listingId), eq(listingClaims.claimantId, claimantId), eq(listingClaims.status, 'pending'), eq(listingClaims.method, 'evidence')))
    .limit(1);
  return row;
}

export async function decideClaim(db: Executor, id: number, decision: { status: 'approved' | 'rejected'; decidedById: string; reason: string | null }) {
  await db
    .update(listingClaims)
    .set({ ...decision, decidedAt: new Date() })
    .where(eq(listingClaims.id, id));
}

/**
 * The other open claims of a listing once it has been claimed: each is refused, and answered with
 * its claimant's address so they can be told.
 */
export function refuseOtherClaims(db: Executor, listingId: number, exceptId: number, decidedById: string, reason: string) {
  const open = db
    .update(listingClaims)
    .set({ status: 'rejected', decidedById, decidedAt: new Date(), reason })
    .where(and(eq(listingClaims.listingId, listingId), eq(listingClaims.status, 'pending'), ne(listingClaims.id, exceptId)))
    .returning({ id: listingClaims.id, claimantId: listingClaims.claimantId, method: listingClaims.method });
  return open;
}

/** Moves an unclaimed listing to its new provider; answers nothing when it has one already. */
export async function giveListingTo(db: Executor, listingId: number, providerId: string) {
  const [row] = await db
    .update(listings)
    .set({ providerId, unclaimedCompany: null, unclaimedWebsite: null, updatedAt: new Date() })
    .where(and(eq(listings.id, listingId), isNull(listings.providerId)))
    .returning({ id: listings.id });
  return row;
}

/** The claimant becomes a provider, and takes the company's name and website where their profile has none. */
export async function makeClaimantProvider(db: Executor, userId: string, company: string | null, website: string | null) {
  await db
    .update(users)
    .set({
      isProvider: true,
      companyName: sql`coalesce(nullif(trim(${users.companyName}), ''), ${company})`,
      website: sql`coalesce(nullif(trim(${users.website}), ''), ${website})`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

const claimant = alias(users, 'claimant');

const claimColumns = {
  claim: listingClaims,
  listing: { id: listings.id, type: listings.type, slug: listings.slug, title: listings.title, unclaimedCompany: listings.unclaimedCompany, websiteUrl: sql<string | null>`coalesce(${listings.unclaimedWebsite}, ${listings.websiteUrl})` },
  claimant: { id: claimant.id, email: claimant.email, firstName: claimant.firstName, lastName: claimant.lastName, companyName: claimant.companyName },
};

export type ClaimWithRelations = { claim: ListingClaimRow; listing: { id: number; type: 'tools' | 'services'; slug: string; title: string; unclaimedCompany: string | null; websiteUrl: string | null }; claimant: { id: string; email: string; firstName: string | null; lastName: string | null; companyName: string | null } };

/** The claims queue: open claims with evidence, oldest first. */
export function listOpenEvidenceClaims(db: Executor, limit: number): Promise<ClaimWithRelations[]> {
  return db
    .select(claimColumns)
    .from(listingClaims)
    .innerJoin(listings, eq(listings.id, listingClaims.listingId))
    .innerJoin(claimant, eq(claimant.id, listingClaims.claimantId))
    .where(and(eq(listingClaims.status, 'pending'), eq(listingClaims.method, 'evidence')))
    .orderBy(asc(listingClaims.createdAt), asc(listingClaims.id))
    .limit(limit);
}

export async function findClaimWithRelations(db: Executor, id: number): Promise<ClaimWithRelations | undefined> {
  const [row] = await db
    .select(claimColumns)
    .from(listingClaims)
    .innerJoin(listings, eq(listings.id, listingClaims.listingId))
    .innerJoin(claimant, eq(claimant.id, listingClaims.claimantId))
    .where(eq(listingClaims.id, id))
    .limit(1);
  return row;
}
