import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
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

/** Tools whose website has no screenshot yet: jobs a restart interrupted. */
export async function findToolsWithoutScreenshot(db: Executor, limit: number) {
  return db
    .select({ listingId: listings.id, url: listings.websiteUrl, title: listings.title, ownerId: listings.providerId })
    .from(listings)
    .where(and(eq(listings.type, 'tools'), isNotNull(listings.websiteUrl), isNull(listings.screenshotUrl)))
    .orderBy(desc(listings.updatedAt))
    .limit(limit);
}

/** Deletes stored screenshots by their URLs (anything else, such as an uploaded image, is left alone). */
export async function deleteScreenshots(db: Executor, urls: (string | null | undefined)[]) {
  const ids = urls.map(storedImageId).filter((id) => id !== undefined);
  if (ids.length > 0) await db.delete(images).where(and(inArray(images.id, ids), eq(images.kind, 'screenshot')));
}
