import { createHmac, timingSafeEqual } from 'node:crypto';
import { formatPrice } from '../../../shared/format';
import type { ListingSummary } from '../../../shared/types';
import type { Config } from '../../config';
import type { Mail } from '../mail/mailer';
import { listingPath } from '../seo/entity-paths';
import type { ListingEventRow } from './alerts.queries';
import { describeChange } from './favourite-changes';
import { oneClickUnsubscribeHeaders } from '../../lib/one-click-unsubscribe';

/**
 * The alert e-mails (docs/decisions/alerts.md), rendered here on the server as text and HTML, each
 * with a signed one-click unsubscribe: the link in the mail and RFC 8058's List-Unsubscribe and
 * List-Unsubscribe-Post headers, so mail clients offer it too. The signature is an HMAC of the list
 * and the member with the server's secret: no sign-in, and a changed list or member is refused.
 */

export type AlertList = `search-${number}` | 'favourites';

const signature = (secret: string, list: string, userId: string) => createHmac('sha256', secret).update(`alerts-unsubscribe:${list}:${userId}`).digest('base64url');

export const unsubscribeUrl = (config: Config, list: AlertList, userId: string) =>
  `${config.siteUrl}/api/alerts/unsubscribe?list=${list}&user=${encodeURIComponent(userId)}&sig=${signature(config.sessionSecret, list, userId)}`;

export function validSignature(config: Config, list: string, userId: string, sig: string): boolean {
  const expected = Buffer.from(signature(config.sessionSecret, list, userId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const unsubscribeHeaders = oneClickUnsubscribeHeaders;

function page(config: Config, heading: string, body: string, unsubscribe: string, why: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(heading)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2430">',
    '<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    body,
    `<p style="margin-top:24px;font-size:12px;color:#5b6170">${escapeHtml(why)} <a href="${escapeHtml(unsubscribe)}" style="color:#5b6170">Unsubscribe</a> with one click, or change it in your dashboard: <a href="${escapeHtml(`${config.siteUrl}/dashboard?tab=alerts`)}" style="color:#5b6170">${escapeHtml(config.siteName)}</a>.</p>`,
    '</div></body></html>',
  ].join('');
}

export type DigestSearch = { id: number; userId: string; name: string; address: string };

/**
 * A saved search's digest: at most a page of the new matches, newest first, and when there are
 * more, a link to the list where all of them are.
 */
export function digestMail(config: Config, to: string, search: DigestSearch, matches: ListingSummary[], total: number, totalExact: boolean): Mail {
  const unsubscribe = unsubscribeUrl(config, `search-${search.id}`, search.userId);
  const listUrl = `${config.siteUrl}${search.address}`;
  const count = totalExact ? String(total) : `${total}+`;
  const heading = `${count} new ${total === 1 ? 'match' : 'matches'} for “${search.name}”`;
  const rest = total > matches.length ? `${totalExact ? total - matches.length : `${total - matches.length}+`} more` : undefined;
  const link = (listing: ListingSummary) => `${config.siteUrl}${listingPath(listing)}`;
  const text = [
    `${heading} on ${config.siteName}:`,
    '',
    ...matches.map((listing) => `- ${listing.title} (${formatPrice(listing)}): ${link(listing)}`),
    '',
    ...(rest ? [`And ${rest}: ${listUrl}`, ''] : [`The whole list: ${listUrl}`, '']),
    `Stop the e-mails of this saved search with one click: ${unsubscribe}`,
  ].join('\n');
  const items = matches
    .map(
      (listing) =>
        `<li style="margin:0 0 12px"><a href="${escapeHtml(link(listing))}" style="color:#2f54eb;font-weight:bold">${escapeHtml(listing.title)}</a> <span style="color:#5b6170">${escapeHtml(formatPrice(listing))}</span><br><span style="font-size:14px">${escapeHtml(listing.excerpt)}</span></li>`,
    )
    .join('');
  const more = rest
    ? `<p><a href="${escapeHtml(listUrl)}" style="color:#2f54eb">See ${escapeHtml(rest)} on ${escapeHtml(config.siteName)}</a></p>`
    : `<p><a href="${escapeHtml(listUrl)}" style="color:#2f54eb">Open the whole list</a></p>`;
  const html = page(config, heading, `<ul style="padding-left:18px">${items}</ul>${more}`, unsubscribe, `You get this because you saved the search “${search.name}”.`);
  return { to, subject: `${heading} on ${config.siteName}`, text, html, headers: unsubscribeHeaders(unsubscribe) };
}

/** The changes of a member's favourites: at once, or the day's in one mail. */
export function favouritesMail(config: Config, to: string, userId: string, events: ListingEventRow[]): Mail {
  const unsubscribe = unsubscribeUrl(config, 'favourites', userId);
  const heading = events.length === 1 ? describeChange(events[0]!).summary : `${events.length} changes to your favourites`;
  const link = (event: ListingEventRow) => (event.kind === 'taken_down' ? undefined : `${config.siteUrl}${listingPath({ type: event.listingType, slug: event.slug })}`);
  const text = [
    `${heading}`,
    '',
    ...events.flatMap((event) => {
      const { summary, changes } = describeChange(event);
      const href = link(event);
      return [`- ${summary}`, ...changes.map((change) => `  ${change}`), ...(href ? [`  ${href}`] : []), ''];
    }),
    `Your favourites' changes are also on your dashboard: ${config.siteUrl}/dashboard?tab=alerts`,
    `Stop these e-mails with one click: ${unsubscribe}`,
  ].join('\n');
  const items = events
    .map((event) => {
      const { summary, changes } = describeChange(event);
      const href = link(event);
      const title = href ? `<a href="${escapeHtml(href)}" style="color:#2f54eb;font-weight:bold">${escapeHtml(summary)}</a>` : `<strong>${escapeHtml(summary)}</strong>`;
      return `<li style="margin:0 0 12px">${title}${changes.map((change) => `<br><span style="font-size:14px">${escapeHtml(change)}</span>`).join('')}</li>`;
    })
    .join('');
  const html = page(config, heading, `<ul style="padding-left:18px">${items}</ul>`, unsubscribe, 'You get this because these listings are among your favourites.');
  return { to, subject: `${heading} (${config.siteName})`, text, html, headers: unsubscribeHeaders(unsubscribe) };
}
