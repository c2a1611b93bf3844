import { and, asc, type Column, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listingDailyFigures } from '../../../db/schema/daily-figures';
import { listings } from '../../../db/schema/listings';
import { partnerApplicationMessages, partnerApplications, type PartnerApplicationRow } from '../../../db/schema/partner-applications';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import { users } from '../../../db/schema/users';
import type { ApplicationStatus } from '../../../shared/partner-application-values';

export type ApplicationFilter = ApplicationStatus | 'open' | 'all';

export type ApplicationWithContext = {
  application: PartnerApplicationRow;
  /** providerId: null while the listing is unclaimed (no application reaches one: apply refuses it). */
  listing: { id: number; type: 'tools' | 'services'; slug: string; title: string; providerId: string | null };
  applicant: { id: string; email: string; firstName: string | null; lastName: string | null };
  programme: { applyUrl: string | null; termsUrl: string | null } | null;
};

const columns = {
  application: partnerApplications,
  listing: { id: listings.id, type: listings.type, slug: listings.slug, title: listings.title, providerId: listings.providerId },
  applicant: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
  programme: { listingId: partnerProgrammes.listingId, applyUrl: partnerProgrammes.applyUrl, termsUrl: partnerProgrammes.termsUrl },
};

function statusWhere(filter: ApplicationFilter): SQL | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'open') return inArray(partnerApplications.status, ['pending', 'info_requested']);
  return eq(partnerApplications.status, filter);
}

async function selectApplications(db: Executor, where: SQL | undefined, limit = 200): Promise<ApplicationWithContext[]> {
  const rows = await db
    .select(columns)
    .from(partnerApplications)
    .innerJoin(listings, eq(listings.id, partnerApplications.listingId))
    .innerJoin(users, eq(users.id, partnerApplications.applicantId))
    .leftJoin(partnerProgrammes, eq(partnerProgrammes.listingId, partnerApplications.listingId))
    .where(where)
    .orderBy(desc(partnerApplications.updatedAt), desc(partnerApplications.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, programme: row.programme && { applyUrl: row.programme.applyUrl, termsUrl: row.programme.termsUrl } }));
}

export function findApplication(db: Executor, id: number) {
  return selectApplications(db, eq(partnerApplications.id, id), 1).then((rows) => rows[0]);
}

/** Takes the application's row lock: two presses of one decision wait for each other, and the second finds it decided. */
export async function lockApplication(db: Executor, id: number) {
  const [row] = await db.select({ id: partnerApplications.id }).from(partnerApplications).where(eq(partnerApplications.id, id)).for('update');
  return row !== undefined;
}

export const applicationsOfMember = (db: Executor, memberId: string, filter: ApplicationFilter) =>
  selectApplications(db, and(eq(partnerApplications.applicantId, memberId), statusWhere(filter)));

export const applicationsToProvider = (db: Executor, providerId: string, filter: ApplicationFilter) =>
  selectApplications(db, and(eq(listings.providerId, providerId), statusWhere(filter)));

export const allApplications = (db: Executor, filter: ApplicationFilter) => selectApplications(db, statusWhere(filter));

/** The member's latest application to the listing (open, approved or settled), to judge a new one. */
export async function latestApplication(db: Executor, listingId: number, memberId: string) {
  const [row] = await db
    .select()
    .from(partnerApplications)
    .where(and(eq(partnerApplications.listingId, listingId), eq(partnerApplications.applicantId, memberId)))
    .orderBy(desc(partnerApplications.createdAt), desc(partnerApplications.id))
    .limit(1);
  return row;
}

export async function insertApplication(db: Executor, values: typeof partnerApplications.$inferInsert) {
  const [row] = await db.insert(partnerApplications).values(values).returning();
  return row!;
}

export async function updateApplication(db: Executor, id: number, values: Partial<typeof partnerApplications.$inferInsert>) {
  await db
    .update(partnerApplications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(partnerApplications.id, id));
}

export async function insertMessage(db: Executor, values: typeof partnerApplicationMessages.$inferInsert) {
  await db.insert(partnerApplicationMessages).values(values);
}

export async function threadsOf(db: Executor, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(partnerApplicationMessages)
    .where(inArray(partnerApplicationMessages.applicationId, applicationIds))
    .orderBy(asc(partnerApplicationMessages.createdAt), asc(partnerApplicationMessages.id));
}

export async function lastMessage(db: Executor, applicationId: number) {
  const [row] = await db
    .select()
    .from(partnerApplicationMessages)
    .where(eq(partnerApplicationMessages.applicationId, applicationId))
    .orderBy(desc(partnerApplicationMessages.createdAt), desc(partnerApplicationMessages.id))
    .limit(1);
  return row;
}

/** A person's address and name; nobody's (undefined) for the provider of an unclaimed listing. */
export async function userEmail(db: Executor, id: string | null) {
  if (id === null) return undefined;
  const [row] = await db.select({ email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, id));
  return row;
}

/** One more application in the listing's daily figures (docs/decisions/daily-figures.md), in the caller's transaction. */
export async function countApplication(db: Executor, listingId: number) {
  const f = listingDailyFigures;
  await db.execute(sql`
    insert into ${f} (listing_id, day, partner_applications) values (${listingId}, (now() at time zone 'UTC')::date, 1)
    on conflict (listing_id, day) do update set partner_applications = ${f}.partner_applications + 1`);
}

/**
 * Whether the author was an approved partner of the listing before writing: an application of
 * theirs approved no later than `at` (the review's Verified partner badge). It stays true after a
 * withdrawal: they were a partner when they wrote. Served by partner_applications_applicant_idx.
 */
export const approvedPartnerBefore = (listingId: Column | number, userId: Column | string, at: Column | Date) =>
  sql<boolean>`exists (select 1 from ${partnerApplications} pa where pa.listing_id = ${listingId} and pa.applicant_id = ${userId} and pa.approved_at is not null and pa.approved_at <= ${at})`;

export async function wasApprovedPartnerBefore(db: Executor, listingId: number, userId: string, at: Date): Promise<boolean> {
  const [row] = await db.select({ value: approvedPartnerBefore(listingId, userId, at) }).from(sql`(select 1) as one`);
  return row?.value === true;
}
