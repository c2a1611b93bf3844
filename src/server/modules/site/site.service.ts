import type { Database } from '../../../db/client';
import type { EncodedImage } from '../../../lib/encoded-image';
import { type Figure, type SiteBrandSettings, SPEC_HERO_BADGE, specFigures, specHeroText, specHeroTitle } from '../../../shared/schemas/site-brand';
import { decodeImageDataUrl, isDataUrl, toWebp } from '../../lib/image-files';
import { recordAudit } from '../audit/audit.queries';
import { saveImage } from '../images/images.service';
import { findDashboardStats } from '../stats/stats.queries';
import type { UserRow } from '../users/users.queries';
import type { SiteBrand } from './site-brand';
import { saveSiteSettings } from './site-settings.queries';

const BRAND_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

// A logo fits the header's row (shown 32 px high, twice that for sharp screens); a favicon is square.
const imageBoxes = {
  logo: { width: 480, height: 64, fit: 'inside' },
  favicon: { width: 64, height: 64, fit: 'cover' },
} as const;

/** A new upload re-encoded by the image pipeline; a stored address or none kept as it is. */
async function encodeIfUploaded(value: string | null, box: (typeof imageBoxes)[keyof typeof imageBoxes]): Promise<EncodedImage | string | null> {
  if (value === null || !isDataUrl(value)) return value;
  return toWebp(decodeImageDataUrl(value, BRAND_IMAGE_MAX_BYTES), box);
}

/**
 * Saves the Site settings and puts them in force on this server before answering, so the
 * administrator's next page already shows them; other servers hear of it from the database.
 */
export async function saveSite(db: Database, brand: SiteBrand, admin: UserRow, input: SiteBrandSettings): Promise<SiteBrandSettings> {
  // Decoding is the slow part: before the transaction, which on the embedded database holds its one connection.
  const [logo, favicon] = await Promise.all([encodeIfUploaded(input.logo, imageBoxes.logo), encodeIfUploaded(input.favicon, imageBoxes.favicon)]);
  const before = brand.current();
  await db.transaction(async (tx) => {
    const stored = async (image: EncodedImage | string | null) => (image === null || typeof image === 'string' ? image : saveImage(tx, image, 'content', admin.id));
    const settings: SiteBrandSettings = { ...input, logo: await stored(logo), favicon: await stored(favicon) };
    await saveSiteSettings(tx, settings);
    const changed = (Object.keys(settings) as (keyof SiteBrandSettings)[]).filter((key) => JSON.stringify(settings[key]) !== JSON.stringify(before[key]));
    await recordAudit(tx, { actorId: admin.id, action: 'site.update', entityType: 'site', entityId: 1, details: { changed } });
  });
  await brand.reload();
  return brand.current();
}

/** What every page shows of the brand: the saved texts, or the spec's where none was saved. */
export async function publicSite(db: Database, settings: SiteBrandSettings) {
  const figures: Figure[] = settings.figures === 'custom' ? settings.customFigures : settings.figures === 'counts' ? await countedFigures(db) : specFigures;
  return {
    productName: settings.productName,
    siteName: settings.siteName,
    supportEmail: settings.supportEmail,
    accentColour: settings.accentColour,
    logoUrl: settings.logo,
    faviconUrl: settings.favicon,
    heroTitle: settings.heroTitle ?? specHeroTitle(settings.productName),
    heroText: settings.heroText ?? specHeroText(settings.productName),
    heroBadge: settings.heroBadge ?? SPEC_HERO_BADGE,
    figures,
    successStoriesUrl: settings.successStoriesUrl,
    resourcesUrl: settings.resourcesUrl,
  };
}
export type PublicSite = Awaited<ReturnType<typeof publicSite>>;

/** The directory's real counts, for an operator who would rather show those than marketing figures. */
async function countedFigures(db: Database): Promise<Figure[]> {
  const stats = await findDashboardStats(db);
  const figure = (count: number, label: string) => ({ value: count.toLocaleString('en-US'), label });
  return [figure(stats.services.approved, 'Active Services'), figure(stats.tools.approved, 'Listed Tools'), figure(stats.providers, 'Trusted Providers'), figure(stats.categories, 'Categories')];
}
