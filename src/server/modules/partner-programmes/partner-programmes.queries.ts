import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';
import { partnerProgrammeChanges, partnerProgrammeProposals, partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { VerificationSource } from '../../../shared/partner-programme-values';
import { STALE_AFTER_DAYS, type PartnerProgrammeTerms } from '../../../shared/schemas/partner-programme';
import type { ListingType } from '../../../shared/types';
import { type ProgrammeRow, termsToColumns } from '../../../db/partner-programme-terms';
import { programmeCaches } from '../../../db/partner-programme-caches';

/** What the rules need of the listing a programme belongs to. */
export type ProgrammeListing = {
  id: number;
  type: ListingType;
  slug: string;
  title: string;
  status: 'pending' | 'approved' | 'rejected';
  providerId: string | null;
  price: string | null;
  priceType: 'fixed' | 'monthly' | 'hourly' | null;
  /** The price type of an edit awaiting approval, which replaces the live one once approved. */
  pendingPriceType?: 'fixed' | 'monthly' | 'hourly' | null;
};

const listingColumns = {
  id: listings.id,
  type: listings.type,
  slug: listings.slug,
  title: listings.title,
  status: listings.status,
  providerId: listings.providerId,
  price: listings.price,
  priceType: listings.priceType,
  pendingPriceType: sql<'fixed' | 'monthly' | 'hourly' | null>`${listings.pendingChanges}->>'priceType'`,
};

export async function findProgrammeListing(db: Executor, type: ListingType, id: number, lock = false): Promise<ProgrammeListing | undefined> {
  const query = db.select(listingColumns).from(listings).where(and(eq(listings.type, type), eq(listings.id, id))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findProgramme(db: Executor, listingId: number): Promise<ProgrammeRow | undefined> {
  const [row] = await db.select().from(partnerProgrammes).where(eq(partnerProgrammes.listingId, listingId)).limit(1);
  return row;
}

/** The programmes of several listings at once (the administrators' pending list). */
export async function findProgrammesOf(db: Executor, listingIds: number[]): Promise<ProgrammeRow[]> {
  if (!listingIds.length) return [];
  return db.select().from(partnerProgrammes).where(inArray(partnerProgrammes.listingId, listingIds));
}

/** Writes the live terms; a change of terms always clears the verification (it vouched for the old ones). */
export async function saveProgramme(db: Executor, listingId: number, terms: PartnerProgrammeTerms) {
  const [listing] = await db.select({ price: listings.price, priceType: listings.priceType }).from(listings).where(eq(listings.id, listingId)).limit(1);
  const caches = programmeCaches(terms, listing ?? { price: null, priceType: null });
  const columns = { ...termsToColumns(terms), ...caches, verifiedAt: null, verificationSource: null, updatedAt: new Date() };
  await db
    .insert(partnerProgrammes)
    .values({ listingId, ...columns })
    .onConflictDoUpdate({ target: partnerProgrammes.listingId, set: columns });
}

export async function deleteProgramme(db: Executor, listingId: number) {
  await db.delete(partnerProgrammes).where(eq(partnerProgrammes.listingId, listingId));
}

export type ProposalRow = typeof partnerProgrammeProposals.$inferSelect;

export async function findProposal(db: Executor, listingId: number): Promise<ProposalRow | undefined> {
  const [row] = await db.select().from(partnerProgrammeProposals).where(eq(partnerProgrammeProposals.listingId, listingId)).limit(1);
  return row;
}

/** The open proposals of these listings, with the live terms they would replace (undefined: no programme yet). */
export async function findOpenProposalsWithProgrammes(db: Executor, listingIds: number[]) {
  if (listingIds.length === 0) return [];
  return db
    .select({ proposal: partnerProgrammeProposals, programme: partnerProgrammes })
    .from(partnerProgrammeProposals)
    .leftJoin(partnerProgrammes, eq(partnerProgrammes.listingId, partnerProgrammeProposals.listingId))
    .where(and(inArray(partnerProgrammeProposals.listingId, listingIds), isNull(partnerProgrammeProposals.rejectionReason)));
}

/** Stores (or replaces) a provider's proposal; a new proposal forgets the reason the last one was turned down. */
export async function saveProposal(db: Executor, listingId: number, terms: PartnerProgrammeTerms | null, submittedBy: string) {
  const values = { terms, submittedBy, submittedAt: new Date(), rejectionReason: null };
  await db
    .insert(partnerProgrammeProposals)
    .values({ listingId, ...values })
    .onConflictDoUpdate({ target: partnerProgrammeProposals.listingId, set: values });
}

export async function saveProposalRejection(db: Executor, listingId: number, rejectionReason: string) {
  await db.update(partnerProgrammeProposals).set({ rejectionReason }).where(eq(partnerProgrammeProposals.listingId, listingId));
}

export async function deleteProposal(db: Executor, listingId: number) {
  await db.delete(partnerProgrammeProposals).where(eq(partnerProgrammeProposals.listingId, listingId));
}

export async function insertChange(db: Executor, listingId: number, oldTerms: PartnerProgrammeTerms | null, newTerms: PartnerProgrammeTerms | null, changedBy: string) {
  await db.insert(partnerProgrammeChanges).values({ listingId, oldTerms, newTerms, changedBy });
}

export function listChanges(db: Executor, listingId: number) {
  return db
    .select({
      id: partnerProgrammeChanges.id,
      oldTerms: partnerProgrammeChanges.oldTerms,
      newTerms: partnerProgrammeChanges.newTerms,
      changedAt: partnerProgrammeChanges.changedAt,
    })
    .from(partnerProgrammeChanges)
    .where(eq(partnerProgrammeChanges.listingId, listingId))
    .orderBy(desc(partnerProgrammeChanges.changedAt), desc(partnerProgrammeChanges.id));
}

/** When live terms last changed (a change, not the programme's creation); what members see as "terms changed on". */
export async function lastTermsChange(db: Executor, listingId: number): Promise<Date | null> {
  const [row] = await db
    .select({ changedAt: partnerProgrammeChanges.changedAt })
    .from(partnerProgrammeChanges)
    .where(and(eq(partnerProgrammeChanges.listingId, listingId), isNotNull(partnerProgrammeChanges.oldTerms), isNotNull(partnerProgrammeChanges.newTerms)))
    .orderBy(desc(partnerProgrammeChanges.changedAt))
    .limit(1);
  return row?.changedAt ?? null;
}

export async function setVerification(db: Executor, listingId: number, verifiedAt: Date, source: VerificationSource) {
  const [row] = await db
    .update(partnerProgrammes)
    .set({ verifiedAt, verificationSource: source })
    .where(eq(partnerProgrammes.listingId, listingId))
    .returning({ listingId: partnerProgrammes.listingId });
  return row;
}

export const staleBefore = (now: Date) => new Date(now.getTime() - STALE_AFTER_DAYS * 24 * 60 * 60 * 1000);

/** A proposal still waiting (a turned-down one stays only to tell the provider why). */
const openProposalOf = (listingId: typeof listings.id) =>
  and(eq(partnerProgrammeProposals.listingId, listingId), isNull(partnerProgrammeProposals.rejectionReason));

export type AdminProgrammeFilter = 'all' | 'unverified' | 'stale' | 'verified' | 'proposed';

function filterCondition(filter: AdminProgrammeFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'unverified':
      return isNull(partnerProgrammes.verifiedAt);
    case 'stale':
      return lt(partnerProgrammes.verifiedAt, staleBefore(now));
    case 'verified':
      return sql`${partnerProgrammes.verifiedAt} >= ${staleBefore(now).toISOString()}`;
    case 'proposed':
      return isNotNull(partnerProgrammeProposals.listingId);
    default:
      return undefined;
  }
}

/** The same date as lastTermsChange, per row of a list: one index-backed look-up per row of the page. */
const lastTermsChangeOf = (listingId: typeof listings.id) =>
  sql<Date | null>`(select max(${partnerProgrammeChanges.changedAt}) from ${partnerProgrammeChanges} where ${partnerProgrammeChanges.listingId} = ${listingId} and ${partnerProgrammeChanges.oldTerms} is not null and ${partnerProgrammeChanges.newTerms} is not null)`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  );

/**
 * The administrators' "Partner programmes" list: live programmes and proposals of listings that
 * have none yet, unverified first, then the oldest verifications.
 */
export async function listProgrammesForAdmin(db: Executor, filter: AdminProgrammeFilter, now: Date, limit: number, offset: number) {
  const where = and(or(isNotNull(partnerProgrammes.listingId), isNotNull(partnerProgrammeProposals.listingId)), filterCondition(filter, now));
  const base = () =>
    db
      .select({
        listingId: listings.id,
        type: listings.type,
        slug: listings.slug,
        title: listings.title,
        status: listings.status,
        programmeTypes: partnerProgrammes.types,
        visibility: partnerProgrammes.visibility,
        verifiedAt: partnerProgrammes.verifiedAt,
        verificationSource: partnerProgrammes.verificationSource,
        proposedAt: partnerProgrammeProposals.submittedAt,
        provider: { id: users.id, companyName: users.companyName, firstName: users.firstName, lastName: users.lastName, email: users.email },
        termsChangedAt: lastTermsChangeOf(listings.id),
      })
      .from(listings)
      .leftJoin(users, eq(users.id, listings.providerId))
      .leftJoin(partnerProgrammes, eq(partnerProgrammes.listingId, listings.id))
      .leftJoin(partnerProgrammeProposals, openProposalOf(listings.id))
      .where(where);
  const rows = await base()
    .orderBy(sql`${partnerProgrammes.verifiedAt} asc nulls first`, asc(listings.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db
    .select({ n: count() })
    .from(listings)
    .leftJoin(partnerProgrammes, eq(partnerProgrammes.listingId, listings.id))
    .leftJoin(partnerProgrammeProposals, openProposalOf(listings.id))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
