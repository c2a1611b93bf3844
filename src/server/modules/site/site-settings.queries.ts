import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { siteSettings } from '../../../db/schema/site-settings';
import type { SiteBrandSettings } from '../../../shared/schemas/site-brand';

/** The Site settings as last saved; undefined until an administrator first saves them. */
export async function findSiteSettings(db: Executor): Promise<unknown> {
  const [row] = await db.select({ settings: siteSettings.settings }).from(siteSettings).where(eq(siteSettings.id, 1));
  return row?.settings;
}

export async function saveSiteSettings(db: Executor, settings: SiteBrandSettings) {
  await db
    .insert(siteSettings)
    .values({ id: 1, settings })
    .onConflictDoUpdate({ target: siteSettings.id, set: { settings, updatedAt: new Date() } });
}
