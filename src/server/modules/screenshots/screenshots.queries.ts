import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { images } from '../../../db/schema/images';
import { jobClaims } from '../../../db/schema/jobs';
import { listings } from '../../../db/schema/listings';
import type { EncodedImage } from '../../../lib/encoded-image';
import { saveImage } from '../images/images.service';

const storedImageId = (url: string | null | undefined) => /^\/api\/images\/([\w-]+)$/.exec(url ?? '')?.[1];

/**
 * Stores the image and attaches it wherever the captured address still is: the live listing, a
 * proposed edit awaiting approval, or both. If the address changed again while the browser was
 * busy, the image is dropped: a newer job is already queued for the new address.
 */
export async function attachScreenshot(db: Executor, job: { listingId: number; url: string; ownerId: string | null }, image: EncodedImage) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ websiteUrl: listings.websiteUrl, screenshotUrl: listings.screenshotUrl, pendingChanges: listings.pendingChanges })
      .from(listings)
      .where(eq(listings.id, job.listingId))
      .for('update');
    if (!row) return false;
    const live = row.websiteUrl === job.url;
    const proposed = row.pendingChanges?.websiteUrl === job.url;
    if (!live && !proposed) return false;

    const imageUrl = await saveImage(tx, image, 'screenshot', job.ownerId);
    await tx
      .update(listings)
      .set({
        ...(live && { screenshotUrl: imageUrl }),
        ...(proposed && { pendingChanges: { ...row.pendingChanges!, screenshotUrl: imageUrl } }),
      })
      .where(eq(listings.id, job.listingId));
    // The screenshots replaced here are referenced by nothing else.
    await deleteScreenshots(tx, [live ? row.screenshotUrl : null, proposed ? row.pendingChanges?.screenshotUrl : null]);
    return true;
  });
}

/**
 * The screenshots a restart interrupted (the queue lives in memory): tools whose live website has
 * none, and proposed edits (pending_changes) whose new address has none yet.
 */
export async function findMissingScreenshots(db: Executor, limit: number) {
  const live = await db
    .select({ listingId: listings.id, url: sql<string>`${listings.websiteUrl}`, title: listings.title, ownerId: listings.providerId })
    .from(listings)
    .where(and(eq(listings.type, 'tools'), isNotNull(listings.websiteUrl), isNull(listings.screenshotUrl)))
    .orderBy(desc(listings.updatedAt))
    .limit(limit);
  const proposedUrl = sql<string>`${listings.pendingChanges}->>'websiteUrl'`;
  const proposed = await db
    .select({ listingId: listings.id, url: proposedUrl, title: sql<string>`${listings.pendingChanges}->>'title'`, ownerId: listings.providerId })
    .from(listings)
    .where(
      and(
        eq(listings.type, 'tools'),
        // Implied by the next, but stated: the predicate of listings_pending_tools_idx.
        isNotNull(listings.pendingChanges),
        sql`${proposedUrl} <> ''`,
        sql`${proposedUrl} is distinct from ${listings.websiteUrl}`,
        sql`${listings.pendingChanges}->>'screenshotUrl' is null`,
      ),
    )
    .orderBy(desc(listings.updatedAt))
    .limit(limit);
  return [...live, ...proposed];
}

/** Deletes stored screenshots by their URLs (anything else, such as an uploaded image, is left alone). */
export async function deleteScreenshots(db: Executor, urls: (string | null | undefined)[]) {
  const ids = urls.map(storedImageId).filter((id) => id !== undefined);
  if (ids.length > 0) await db.delete(images).where(and(inArray(images.id, ids), eq(images.kind, 'screenshot')));
}

/** Longer than a job can take (SCREENSHOT_TIMEOUT_MS and storing the result), short enough to retry soon after a crash. */
const CLAIM_FOR = sql`interval '2 minutes'`;
const claimKey = (job: { listingId: number; url: string }) => `screenshot:${job.listingId}:${job.url}`;

/**
 * Claims a screenshot job for this server, if it is still wanted (the address is still the live or
 * the proposed one, with no screenshot yet) and no other server holds a live claim on it. One
 * atomic statement, so of servers racing for a job exactly one gets it.
 */
export async function claimScreenshot(db: Executor, job: { listingId: number; url: string }): Promise<boolean> {
  const wanted = sql`exists (
    select 1 from ${listings}
    where ${listings.id} = ${job.listingId}
      and ((${listings.websiteUrl} = ${job.url} and ${listings.screenshotUrl} is null)
        or (${listings.pendingChanges}->>'websiteUrl' = ${job.url} and ${listings.pendingChanges}->>'screenshotUrl' is null)))`;
  const rows = await db
    .insert(jobClaims)
    .select(sql`select ${claimKey(job)}::text, now() + ${CLAIM_FOR} where ${wanted}`)
    .onConflictDoUpdate({
      target: jobClaims.key,
      set: { claimedUntil: sql`excluded.claimed_until` },
      setWhere: sql`${jobClaims.claimedUntil} <= now()`,
    })
    .returning({ key: jobClaims.key });
  return rows.length > 0;
}

/** Done, or given up (the app closing): the next server may claim it at once. */
export const releaseScreenshot = (db: Executor, job: { listingId: number; url: string }) => db.delete(jobClaims).where(eq(jobClaims.key, claimKey(job)));
