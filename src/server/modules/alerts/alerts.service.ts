import type { Database } from '../../../db/client';
import { type AlertSettings, type FavouriteAlert, SAVED_SEARCHES_PER_MEMBER, type SavedSearch, type SavedSearchCreate } from '../../../shared/schemas/alerts';
import { type ListingQuery, listingQuerySchema } from '../../../shared/schemas/listing-query';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { listCatalogue } from '../listings/listings.service';
import type { Mailer } from '../mail/mailer';
import { listingPath } from '../seo/entity-paths';
import { digestMail, favouritesMail, validSignature } from './alert-mails';
import * as q from './alerts.queries';
import { describeChange } from './favourite-changes';

type Member = { id: string };
export type AlertDeps = { db: Database; config: Config; mailer: Mailer };

/** A digest lists a list page's worth of matches (the list pages' PAGE_SIZE), then links to the rest. */
export const DIGEST_MATCHES = 24;
const NOT_FOUND = 'Saved search not found';

const toJson = (row: q.SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  type: row.type,
  address: row.address,
  frequency: row.frequency,
  mailing: row.mailing,
  lastDigestAt: row.lastDigestAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The saved filters as the catalogue reads them: through its own query schema, live listings only,
 * the digest's page. Undefined when they no longer parse (a filter the catalogue dropped).
 */
export function digestQuery(filters: Record<string, string>): ListingQuery | undefined {
  const parsed = listingQuerySchema.safeParse({ ...filters, status: 'approved', limit: String(DIGEST_MATCHES), offset: '0' });
  return parsed.success ? parsed.data : undefined;
}

export async function createSavedSearch(db: Database, member: Member, input: SavedSearchCreate): Promise<SavedSearch> {
  if (!digestQuery(input.filters)) {
    const parsed = listingQuerySchema.safeParse(input.filters);
    throw AppError.badRequest(parsed.success ? 'These filters cannot be saved' : (parsed.error.issues[0]?.message ?? 'These filters cannot be saved'));
  }
  return db.transaction(async (tx) => {
    if ((await q.countSavedSearches(tx, member.id)) >= SAVED_SEARCHES_PER_MEMBER) {
      throw AppError.conflict(`You can keep at most ${SAVED_SEARCHES_PER_MEMBER} saved searches; delete one first`);
    }
    return toJson(await q.insertSavedSearch(tx, member.id, input));
  });
}

export async function listSavedSearches(db: Database, member: Member): Promise<SavedSearch[]> {
  return (await q.listSavedSearches(db, member.id)).map(toJson);
}

/** Another member's saved search answers 404, as a missing one does. */
export async function updateSavedSearch(db: Database, member: Member, id: number, changes: { name?: string; frequency?: 'daily' | 'weekly' }): Promise<SavedSearch> {
  const row = await q.updateSavedSearch(db, member.id, id, changes);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return toJson(row);
}

export async function deleteSavedSearch(db: Database, member: Member, id: number): Promise<void> {
  if (!(await q.deleteSavedSearch(db, member.id, id))) throw AppError.notFound(NOT_FOUND);
}

export const alertSettings = (db: Database, member: Member): Promise<AlertSettings> => q.findAlertSettings(db, member.id);

export async function saveAlertSettings(db: Database, member: Member, settings: AlertSettings): Promise<AlertSettings> {
  await q.saveAlertSettings(db, member.id, settings.favouriteMail);
  return settings;
}

/** The dashboard's list of what changed on the member's favourites: at once, whatever the mail setting. */
export async function favouriteAlerts(db: Database, member: Member): Promise<FavouriteAlert[]> {
  return (await q.findFavouriteEvents(db, member.id, 30)).map((event) => ({
    id: event.id,
    kind: event.kind as FavouriteAlert['kind'],
    listingId: event.listingId,
    listingType: event.listingType,
    title: event.title,
    href: event.kind === 'taken_down' ? null : listingPath({ type: event.listingType, slug: event.slug }),
    ...describeChange(event),
    at: event.at.toISOString(),
  }));
}

/** The signed link of an alert mail (GET from the mail, POST from a mail client, RFC 8058): no sign-in. */
export async function unsubscribe(db: Database, config: Config, list: string, userId: string, sig: string): Promise<'search' | 'favourites'> {
  if (!validSignature(config, list, userId, sig)) throw AppError.badRequest('This unsubscribe link is not valid');
  if (list === 'favourites') {
    await q.saveAlertSettings(db, userId, 'off');
    return 'favourites';
  }
  await q.stopSavedSearchMail(db, userId, Number(list.slice('search-'.length)));
  return 'search';
}

/** Searches read per statement of due ones. */
const DUE_BATCH = 100;

/**
 * Queues the digests that are due, until none is or `budgetMs` has passed (the rest wait for the
 * next turn), and returns how many were queued. Each search's matches come from the catalogue's
 * own search, with its saved filters and "went live after the last digest"; a server claims the
 * digest by moving its dates in the transaction that queues the mail, so two servers that picked
 * the same search send it once. Nothing new, no mail (the dates move all the same).
 */
export async function sendDueDigests(deps: AlertDeps, budgetMs = 20_000): Promise<number> {
  const { db, config, mailer } = deps;
  const started = Date.now();
  let queued = 0;
  for (let due = await q.findDueSearches(db, DUE_BATCH); due.length > 0; due = await q.findDueSearches(db, DUE_BATCH)) {
    for (const { search, email } of due) {
      const until = await q.databaseNow(db);
      const query = digestQuery(search.filters);
      const page = query
        ? await listCatalogue(db, { id: search.userId, isAdmin: false }, search.type, query, { liveSince: search.lastDigestAt })
        : { items: [], total: 0, totalExact: true };
      const sent = await db.transaction(async (tx) => {
        if (!(await q.claimDigest(tx, search, until))) return false;
        if (page.items.length === 0) return false;
        await mailer.queue(tx, digestMail(config, email, search, page.items, page.total, page.totalExact));
        return true;
      });
      if (sent) queued++;
      if (Date.now() - started > budgetMs) {
        if (queued > 0) mailer.deliver();
        return queued;
      }
    }
  }
  if (queued > 0) mailer.deliver();
  return queued;
}

/** Changes of favourites per mail: more wait for the next one. */
const EVENTS_PER_MAIL = 50;
const MEMBERS_PER_TURN = 500;

/**
 * Mails members the changes of their favourites not mailed yet: 'instant' ones every turn, 'digest'
 * ones once a day. A member's mail is claimed by moving their mark to its last change in the
 * transaction that queues it, so two servers send it once.
 */
export async function sendFavouriteAlerts(deps: AlertDeps, mode: 'instant' | 'digest'): Promise<number> {
  const { db, config, mailer } = deps;
  let queued = 0;
  for (const member of await q.findMembersToTell(db, mode, MEMBERS_PER_TURN)) {
    const sent = await db.transaction(async (tx) => {
      const events = await q.findUnmailedEvents(tx, member.id, EVENTS_PER_MAIL);
      const last = events.at(-1);
      if (!last || !(await q.claimFavouritesMail(tx, member.id, last.id, mode))) return false;
      await mailer.queue(tx, favouritesMail(config, member.email, member.id, events));
      return true;
    });
    if (sent) queued++;
  }
  if (queued > 0) mailer.deliver();
  return queued;
}
