import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { formatChange, formatRate } from '../../../shared/insight';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { runEvery } from '../../lib/run-every';
import type { Mailer } from '../mail/mailer';
import { providerInsight } from './insight.service';
import { claimMonth, countReviewsAwaitingReply, countUnreadLeads, findDueProviders, setSubscribed } from './monthly-mail.queries';
import { oneClickUnsubscribeHeaders } from '../../lib/one-click-unsubscribe';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Providers mailed per turn: a large directory's mails go out over a few turns, not in one burst. */
const PER_TURN = 200;

const signature = (secret: string, userId: string) => createHmac('sha256', secret).update(`monthly-figures-unsubscribe:${userId}`).digest('base64url');

/** The link in each mail that unsubscribes without signing in: the user id, signed with the server's secret. */
export const unsubscribeUrl = (config: Config, userId: string) =>
  `${config.siteUrl}/api/unsubscribe/monthly-figures?user=${encodeURIComponent(userId)}&sig=${signature(config.sessionSecret, userId)}`;

/** GET or POST of the unsubscribe link: a wrong signature is a 400, a right one unsubscribes (again, harmlessly). */
export async function unsubscribe(db: Database, config: Config, userId: string, sig: string): Promise<void> {
  const expected = Buffer.from(signature(config.sessionSecret, userId));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw AppError.badRequest('This unsubscribe link is not valid');
  await setSubscribed(db, userId, false);
}

/** The calendar month before `now` (UTC) and the one before it, as 'YYYY-MM' and first and last days. */
export function reportMonths(now: Date) {
  const month = (year: number, index: number) => {
    const first = new Date(Date.UTC(year, index, 1));
    const last = new Date(Date.UTC(year, index + 1, 1) - DAY_MS);
    return { month: first.toISOString().slice(0, 7), from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
  };
  return { last: month(now.getUTCFullYear(), now.getUTCMonth() - 1), before: month(now.getUTCFullYear(), now.getUTCMonth() - 2) };
}

const lines = [
  ['Views', 'views'],
  ['Unique visitors', 'uniqueVisitors'],
  ['Leads', 'leads'],
  ['Website clicks', 'websiteClicks'],
  ['Favourites added', 'favouritesAdded'],
  ['Search appearances', 'searchAppearances'],
  ['New reviews', 'newReviews'],
] as const;

/**
 * Queues last month's figures mail for the providers due it (each in its own transaction with the
 * claim of its month, so servers running this side by side send each mail once) and returns how
 * many were queued. Unsubscribed providers and providers without listings get none.
 */
export async function sendMonthlyFigures(deps: { db: Database; config: Config; mailer: Mailer }, now = new Date()): Promise<number> {
  const { db, config, mailer } = deps;
  const { last, before } = reportMonths(now);
  let queued = 0;
  for (const provider of await findDueProviders(db, last.month, PER_TURN)) {
    const sent = await db.transaction(async (tx) => {
      if (!(await claimMonth(tx, provider.id, last.month))) return false;
      // One after another: a transaction is one connection.
      const current = await providerInsight(tx, provider.id, { range: 'custom', from: last.from, to: last.to }, now);
      const previous = await providerInsight(tx, provider.id, { range: 'custom', from: before.from, to: before.to }, now);
      const unread = await countUnreadLeads(tx, provider.id);
      const awaiting = await countReviewsAwaitingReply(tx, provider.id);
      const figure = (key: (typeof lines)[number][1]) => current.totals[key].value;
      const text = [
        `Hello${provider.firstName ? ` ${provider.firstName}` : ''},`,
        '',
        `Your listings on ${config.siteName} in ${last.month}, against ${before.month}:`,
        '',
        ...lines.map(([label, key]) => `${label}: ${figure(key)} (${formatChange(figure(key), previous.totals[key].value)}; ${previous.totals[key].value} in ${before.month})`),
        `Lead rate: ${formatRate(current.totals.leadRate.value)} (${formatRate(previous.totals.leadRate.value)} in ${before.month})`,
        '',
        `New leads in ${last.month}: ${figure('leads')}. Unread leads now: ${unread}.`,
        `Reviews awaiting a reply: ${awaiting}${awaiting > 0 ? ' (answer each on its listing’s page)' : ''}.`,
        '',
        `Every figure, day by day: ${config.siteUrl}/provider/insight?range=custom&from=${last.from}&to=${last.to}`,
        '',
        `Stop these monthly e-mails with one click: ${unsubscribeUrl(config, provider.id)}`,
        '(or in the provider dashboard, under Profile).',
      ].join('\n');
      await mailer.queue(tx, { to: provider.email, subject: `Your ${config.siteName} figures for ${last.month}`, text, headers: oneClickUnsubscribeHeaders(unsubscribeUrl(config, provider.id)) });
      return true;
    });
    if (sent) queued++;
  }
  if (queued > 0) mailer.deliver();
  return queued;
}

/** Every server looks for providers due their mail every 10 minutes; the claims keep each mail single. */
export function scheduleMonthlyFigures(app: FastifyInstance, deps: { db: Database; config: Config; mailer: Mailer }) {
  runEvery(app, 10 * 60 * 1000, () => sendMonthlyFigures(deps), 'could not queue the monthly figures e-mails');
}
