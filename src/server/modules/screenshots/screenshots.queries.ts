import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { images } from '../../../db/schema/images';
import { listings } from '../../../db/schema/listings';
import type { EncodedImage } from '../../lib/image-files';
import { saveImage } from '../images/images.service';

const storedImageId = (url: string | null) => /^\/api\/images\/([\w-]+)$/.exec(url ?? '')?.[1];

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
    // The replaced live screenshot is referenced by nothing else.
    const replaced = live ? storedImageId(row.screenshotUrl) : undefined;
    if (replaced) await tx.delete(images).where(and(eq(images.id, replaced), eq(images.kind, 'screenshot')));
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
