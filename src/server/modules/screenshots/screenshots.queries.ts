import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { images } from '../../../db/schema/images';
import { listings } from '../../../db/schema/listings';
import type { EncodedImage } from '../../lib/image-files';
import { saveImage } from '../images/images.service';

const storedImageId = (url: string | null | undefined) => /^\/api\/images\/([\w-]+)$/.exec(url ?? '')?.[1];

/**
 * Stores the image and attaches it wherever the captured address still is: the live listing, a
 * proposed edit awaiting approval, or both. If the address changed again while the browser was
 * busy, the image is dropped: a newer job is already queued for the new address.
 */
export async function attachScreenshot(db: Executor, job: { listingId: number; url: string; ownerId: string }, image: EncodedImage) {
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
