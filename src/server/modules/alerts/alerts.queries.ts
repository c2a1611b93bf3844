import { and, asc, count, desc, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { alertSettings, listingEvents, savedSearches } from '../../../db/schema/alerts';
import { jobClaims } from '../../../db/schema/jobs';
import { users } from '../../../db/schema/users';
import type { AlertFrequency, FavouriteMailChoice, SavedSearchCreate } from '../../../shared/schemas/alerts';

export type SavedSearchRow = typeof savedSearches.$inferSelect;

const period = (frequency: AlertFrequency) => (frequency === 'daily' ? sql`interval '1 day'` : sql`interval '7 days'`);

/** How far back a change of a favourite is still worth an e-mail (the dashboard shows older ones). */
const MAIL_WITHIN = sql`interval '2 days'`;
/** How long the dashboard lists a favourite's changes. */
const SHOW_WITHIN = sql`interval '90 days'`;

export async function countSavedSearches(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

/** A new saved search: its first digest is one period away and lists what went live from now on. */
export async function insertSavedSearch(db: Executor, userId: string, input: SavedSearchCreate): Promise<SavedSearchRow> {
  const [row] = await db
    .insert(savedSearches)
    .values({ userId, ...input, lastDigestAt: sql`now()`, nextDigestAt: sql`now() + ${period(input.frequency)}` })
    .returning();
  return row!;
}

export function listSavedSearches(db: Executor, userId: string): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

/** A changed frequency starts its period again from now and turns the mail back on. */
export async function updateSavedSearch(db: Executor, userId: string, id: number, changes: { name?: string; frequency?: AlertFrequency }): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.frequency === undefined ? {} : { frequency: changes.frequency, mailing: true, nextDigestAt: sql`now() + ${period(changes.frequency)}` }),
    })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedSearch(db: Executor, userId: string, id: number): Promise<boolean> {
  const rows = await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).returning({ id: savedSearches.id });
  return rows.length > 0;
}

export async function stopSavedSearchMail(db: Executor, userId: string, id: number): Promise<void> {
  await db.update(savedSearches).set({ mailing: false }).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}

/** The database's clock: a digest's "since" and "until" are read on one clock, the one the events are stamped with. */
export async function databaseNow(db: Executor): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  const [row] = (result as unknown as { rows: { now: string | Date }[] }).rows;
  return new Date(row!.now);
}

/** Saved searches due a digest, the longest waiting first, with their member's address. */
export function findDueSearches(db: Executor, limit: number) {
  return db
    .select({ search: savedSearches, email: users.email, firstName: users.firstName })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(eq(savedSearches.mailing, true), lte(savedSearches.nextDigestAt, sql`now()`)))
    .orderBy(asc(savedSearches.nextDigestAt), asc(savedSearches.id))
    .limit(limit);
}

/**
 * Claims a search's digest: true once, for the one server (and transaction) that moved it from the
 * `lastDigestAt` it read to `until`. A second server that read the same row finds it moved.
 */
export async function claimDigest(db: Executor, search: SavedSearchRow, until: Date): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ lastDigestAt: until, nextDigestAt: sql`${until.toISOString()}::timestamptz + ${period(search.frequency)}` })
    .where(
      and(
        eq(savedSearches.id, search.id),
        eq(savedSearches.mailing, true),
        // To the millisecond: the row's microseconds do not survive a JavaScript Date.
        sql`date_trunc('milliseconds', ${savedSearches.lastDigestAt}) = ${search.lastDigestAt.toISOString()}::timestamptz`,
        lte(savedSearches.nextDigestAt, sql`now()`),
      ),
    )
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** A turn of background work for one server among several (job_claims): false while another holds it. */
export async function claimTurn(db: Executor, key: string, seconds: number): Promise<boolean> {
  const rows = await db
    .insert(jobClaims)
    .values({ key, claimedUntil: sql`now() + make_interval(secs => ${seconds})` })
    .onConflictDoUpdate({ target: jobClaims.key, set: { claimedUntil: sql`excluded.claimed_until` }, setWhere: sql`${jobClaims.claimedUntil} <= now()` })
    .returning({ key: jobClaims.key });
  return rows.length > 0;
}

export async function releaseTurn(db: Executor, key: string): Promise<void> {
  await db.delete(jobClaims).where(eq(jobClaims.key, key));
}

export async function findAlertSettings(db: Executor, userId: string): Promise<{ favouriteMail: FavouriteMailChoice }> {
  const [row] = await db.select({ favouriteMail: alertSettings.favouriteMail }).from(alertSettings).where(eq(alertSettings.userId, userId));
  return row ?? { favouriteMail: 'instant' };
}

export async function saveAlertSettings(db: Executor, userId: string, favouriteMail: FavouriteMailChoice): Promise<void> {
  await db.insert(alertSettings).values({ userId, favouriteMail }).onConflictDoUpdate({ target: alertSettings.userId, set: { favouriteMail } });
}

export type ListingEventRow = typeof listingEvents.$inferSelect;

const isFavouriteChange = ne(listingEvents.kind, 'live');
const tellsMember = (userId: string) => sql`${listingEvents.recipients} @> array[${userId}]::text[]`;

/** The changes of the member's favourites, newest first: what the dashboard shows at once. */
export function findFavouriteEvents(db: Executor, userId: string, limit: number): Promise<ListingEventRow[]> {
  return db
    .select()
    .from(listingEvents)
    .where(and(isFavouriteChange, tellsMember(userId), gt(listingEvents.at, sql`now() - ${SHOW_WITHIN}`)))
    .orderBy(desc(listingEvents.id))
    .limit(limit);
}

/**
 * Members with changes of their favourites not mailed yet whose setting is `mode`; for 'digest',
 * only those whose last favourites mail is a day old. Reads the recent events alone (by time).
 */
export async function findMembersToTell(db: Executor, mode: 'instant' | 'digest', limit: number) {
  const result = await db.execute(sql`
    select u.id, u.email, u.first_name as "firstName"
    from (select distinct r.user_id, max(e.id) as last_id
          from ${listingEvents} e cross join lateral unnest(e.recipients) as r(user_id)
          where e.kind <> 'live' and e.at > now() - ${MAIL_WITHIN}
          group by r.user_id) as told
    join ${users} u on u.id = told.user_id
    left join ${alertSettings} s on s.user_id = told.user_id
    where coalesce(s.favourite_mail, 'instant') = ${mode}
      and told.last_id > coalesce(s.favourites_mailed_through, 0)
      ${mode === 'digest' ? sql`and (s.favourites_mailed_at is null or s.favourites_mailed_at <= now() - interval '1 day')` : sql``}
    order by u.id
    limit ${limit}`);
  return (result as unknown as { rows: { id: string; email: string; firstName: string | null }[] }).rows;
}

/** The member's favourites' changes after what they were last mailed, oldest first, up to `limit`. */
export async function findUnmailedEvents(db: Executor, userId: string, limit: number): Promise<ListingEventRow[]> {
  const [settings] = await db.select({ through: alertSettings.favouritesMailedThrough }).from(alertSettings).where(eq(alertSettings.userId, userId));
  return db
    .select()
    .from(listingEvents)
    .where(and(isFavouriteChange, tellsMember(userId), gt(listingEvents.id, settings?.through ?? 0), gt(listingEvents.at, sql`now() - ${MAIL_WITHIN}`)))
    .orderBy(asc(listingEvents.id))
    .limit(limit);
}

/**
 * Claims the mail of the member's changes up to `throughId`: true once, for the one server (and
 * transaction) that moved the mark there while the setting still is `mode`.
 */
export async function claimFavouritesMail(db: Executor, userId: string, throughId: number, mode: 'instant' | 'digest'): Promise<boolean> {
  const rows = await db
    .insert(alertSettings)
    .values({ userId, favouriteMail: 'instant', favouritesMailedThrough: throughId, favouritesMailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: alertSettings.userId,
      set: { favouritesMailedThrough: throughId, favouritesMailedAt: sql`now()` },
      setWhere: sql`${alertSettings.favouritesMailedThrough} < ${throughId} and ${alertSettings.favouriteMail} = ${mode}`,
    })
    .returning({ userId: alertSettings.userId });
  // A member without settings is 'instant' (the default): the insert is their claim.
  return rows.length > 0;
}
