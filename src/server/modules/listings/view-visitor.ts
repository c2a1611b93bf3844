import { createHmac } from 'node:crypto';
import { countsViews } from '../../lib/counts-views';
import { viewDay } from './listing-views.queries';

export type ViewRequest = { userId: string | undefined; ip: string; userAgent: string | undefined };

/**
 * Who a detail view is counted for: the signed-in user, or else a hash of address and user agent
 * keyed with a secret that changes every UTC day, so the stored value cannot be reversed by trying
 * addresses, nor linked across days. Null means the view does not count: a known bot, or a client
 * that sends no user agent at all (browsers always do; scripts looping on the page often do not).
 */
export function viewVisitor(secret: string, { userId, ip, userAgent }: ViewRequest, at: Date): string | null {
  if (!countsViews(userAgent)) return null;
  if (userId) return `u:${userId}`;
  const dayKey = createHmac('sha256', secret).update(`listing-view-visitor:${viewDay(at)}`).digest();
  return `a:${createHmac('sha256', dayKey).update(`${ip}\n${userAgent}`).digest('base64url').slice(0, 22)}`;
}
