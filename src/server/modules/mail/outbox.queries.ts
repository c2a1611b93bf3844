import { and, asc, eq, gt, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { outbox } from '../../../db/schema/messages';

/** A mail is tried this many times, with growing pauses (1, 4, 9, 16 minutes), then left in the outbox. */
export const MAX_ATTEMPTS = 5;
/** Older unsent mail is not worth sending any more (a password link lives 1 hour, an invitation 7 days' worth of reminders is noise). */
const STALE_AFTER = sql`interval '2 days'`;
/** How long a claimed row is left alone: longer than a send can take with the mailer's timeouts. */
const CLAIM_FOR = sql`interval '5 minutes'`;

export type OutboxMail = { id: number; to: string; subject: string; text: string; html: string | null; headers: Record<string, string> | null; attempts: number };

/**
 * Claims up to `limit` due mails, oldest first, by counting the attempt and moving nextAttemptAt
 * past the claim time. SKIP LOCKED lets two servers on one database claim side by side without
 * sending a mail twice; a server that dies mid-send leaves the row to be retried after the claim.
 */
export function claimDueMails(db: Executor, limit = 20): Promise<OutboxMail[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(
      and(
        isNull(outbox.sentAt),
        lte(outbox.nextAttemptAt, sql`now()`),
        lt(outbox.attempts, MAX_ATTEMPTS),
        gt(outbox.createdAt, sql`now() - ${STALE_AFTER}`),
      ),
    )
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now() + ${CLAIM_FOR}` })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, to: outbox.to, subject: outbox.subject, text: outbox.text, html: outbox.html, headers: outbox.headers, attempts: outbox.attempts });
}

export async function markSent(db: Executor, id: number) {
  await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, id));
}

/** Records the failure and when to try again; answers whether another attempt is left. */
export async function markFailed(db: Executor, mail: OutboxMail, error: string): Promise<boolean> {
  const pauseMinutes = mail.attempts * mail.attempts;
  await db
    .update(outbox)
    .set({ error, nextAttemptAt: sql`now() + make_interval(mins => ${pauseMinutes})` })
    .where(eq(outbox.id, mail.id));
  return mail.attempts < MAX_ATTEMPTS;
}

/** When the next unsent mail that still has attempts left falls due, if any. */
export async function nextDueAt(db: Executor): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${outbox.nextAttemptAt})`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value))) })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_ATTEMPTS), gt(outbox.createdAt, sql`now() - ${STALE_AFTER}`)));
  return row?.at ?? null;
}
