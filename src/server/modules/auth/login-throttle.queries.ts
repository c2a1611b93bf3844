import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { loginThrottles } from '../../../db/schema/limits';

/** Failures up to this many cost no wait; each one after doubles the wait (1, 2, 4, 8, 16 s...). */
export const FREE_FAILURES = 4;
/** The failure that locks the account for LOCK_MINUTES and e-mails its owner. */
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_MINUTES = 15;
const MAX_BACKOFF_SECONDS = 60;
/** A failure this old is forgotten: the count starts again. */
const FORGET_AFTER = sql`interval '1 hour'`;

export type ThrottleState = { nextAttemptAt: Date; lockedUntil: Date | null; now: Date };

const t = loginThrottles;
/** Starting over: the last failure is old, or the lock it led to has run out. */
const startsOver = sql`(${t.lastFailureAt} < now() - ${FORGET_AFTER} or ${t.lockedUntil} <= now())`;
const failuresAfter = sql`(case when ${startsOver} then 1 else ${t.failures} + 1 end)`;

/**
 * Books one sign-in attempt for an address, counted as a failure until the password is checked
 * (a success then clears it: clearLoginFailures). One atomic upsert, so attempts sent side by side
 * to several servers cannot slip past the backoff together. Answers the failures so far, or null
 * when the address must wait (backoff) or is locked: then nothing is booked.
 */
export async function bookLoginAttempt(db: Executor, email: string): Promise<number | null> {
  const backoff = sql`make_interval(secs => least(${MAX_BACKOFF_SECONDS}, case when ${failuresAfter} > ${FREE_FAILURES} then power(2, ${failuresAfter} - ${FREE_FAILURES + 1}) else 0 end))`;
  const rows = await db
    .insert(t)
    .values({ email, failures: 1, lastFailureAt: sql`now()`, nextAttemptAt: sql`now()` })
    .onConflictDoUpdate({
      target: t.email,
      set: {
        failures: failuresAfter,
        lastFailureAt: sql`now()`,
        nextAttemptAt: sql`now() + ${backoff}`,
        lockedUntil: sql`case when ${startsOver} then null else ${t.lockedUntil} end`,
      },
      setWhere: and(lte(t.nextAttemptAt, sql`now()`), or(isNull(t.lockedUntil), sql`${t.lockedUntil} <= now()`)),
    })
    .returning({ failures: t.failures });
  return rows[0]?.failures ?? null;
}

/** Why an address must wait, read when bookLoginAttempt refused it. */
export async function findThrottle(db: Executor, email: string): Promise<ThrottleState | undefined> {
  const [row] = await db
    .select({ nextAttemptAt: t.nextAttemptAt, lockedUntil: t.lockedUntil, now: sql<Date>`now()`.mapWith((value: string | Date) => new Date(value)) })
    .from(t)
    .where(eq(t.email, email));
  return row;
}

/**
 * Locks the address once its failures reach the threshold. Answers true only to the one request
 * that locked it, which then e-mails the owner in the same transaction.
 */
export async function lockIfTooManyFailures(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .update(t)
    .set({ lockedUntil: sql`now() + make_interval(mins => ${LOCK_MINUTES})` })
    .where(and(eq(t.email, email), gte(t.failures, LOCK_AFTER_FAILURES), isNull(t.lockedUntil)))
    .returning({ email: t.email });
  return rows.length > 0;
}

/** A right password, or a new one set through a reset link, wipes the slate. */
export const clearLoginFailures = (db: Executor, email: string) => db.delete(t).where(eq(t.email, email));

/** Rows nothing will read again: failures long forgotten and no lock still running. */
export const deleteForgottenLoginThrottles = (db: Executor) =>
  db.delete(t).where(and(lt(t.lastFailureAt, sql`now() - ${FORGET_AFTER}`), or(isNull(t.lockedUntil), lt(t.lockedUntil, sql`now()`))));
