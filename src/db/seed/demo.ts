import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EncodedImage } from '../../lib/encoded-image';
import { hashPassword } from '../../lib/passwords';
import { placeholderImage } from '../../lib/placeholder-image';
import { imageUrl } from '../../shared/image-widths';
import type { Database, Executor } from '../client';
import { categories } from '../schema/categories';
import { images } from '../schema/images';
import { listings } from '../schema/listings';
import { users } from '../schema/users';
import { DEMO_PROVIDER_EMAIL, providerSeeds } from './catalogue/providers';
import { toolSeeds } from './catalogue/tools';
import { DEMO_PASSWORD, insertDemoAccounts } from './demo-accounts';
import { insertDemoApplications } from './demo-applications';
import { insertDemoPlans } from './demo-plans';
import { insertDemoActivity } from './demo-activity';
import { insertDemoAlerts } from './demo-alerts';
import { DEMO_MEMBER_EMAIL } from './catalogue/members';
import { demoListingSeeds, insertDemoCategories, insertDemoListings } from './demo-catalogue';
import { renderAvatar, renderListingImage } from './demo-images';
import { insertSeedProgrammes } from './partner-programme-seeds';
import { createRandom } from './random';

const DEMO_SEED = 20250706;

/**
 * Empty means nothing anyone created: no categories, no listings and no users other than
 * administrators (start-up creates the ADMIN_EMAIL account before the seed runs).
 */
export async function isDatabaseEmpty(db: Executor): Promise<boolean> {
  // One query, not three side by side: inside a transaction they would share one connection, and
  // node-postgres warns about (and pg 9 refuses) a query sent while another is in progress.
  const [row] = await db
    .select({
      listings: sql<boolean>`exists (select 1 from ${listings})`,
      categories: sql<boolean>`exists (select 1 from ${categories})`,
      members: sql<boolean>`exists (select 1 from ${users} where not ${users.isAdmin})`,
    })
    .from(sql`(select 1) as one`);
  return !row!.listings && !row!.categories && !row!.members;
}

/** The demo's unclaimed listing (below). */
const UNCLAIMED_TITLE = 'Northwind Data Studio: Client Dashboards';

type PendingImage = { id: string; url: string; image: EncodedImage };

const urlsOf = (pending: Map<string, PendingImage>) => new Map([...pending].map(([key, { url }]) => [key, url]));

// Random, not seeded: images are served with immutable cache headers, so an id must never name
// different bytes in two databases a browser may have visited.
function pendingImage(image: EncodedImage): PendingImage {
  const id = randomBytes(12).toString('base64url');
  return { id, url: imageUrl(id), image };
}

/**
 * Renders every image of the catalogue up front, so the transaction only writes. Demo tools point
 * at .example sites no browser can open, so they get the screenshot job's own placeholder now;
 * otherwise the job would try, fail and log a warning for each of them at first start.
 */
async function renderDemoImages() {
  const [avatars, covers, screenshots] = await Promise.all([
    Promise.all(providerSeeds.map(async (seed) => [seed.key, pendingImage(await renderAvatar(seed.companyName))] as const)),
    Promise.all(
      demoListingSeeds.map(async ({ type, seed }) => {
        const label = type === 'services' ? 'Service' : 'Tool';
        return [`${type}/${seed.title}`, pendingImage(await renderListingImage(seed.title, label))] as const;
      }),
    ),
    Promise.all(toolSeeds.map(async (tool) => [`tools/${tool.title}`, pendingImage(await placeholderImage(tool.title, new URL(tool.websiteUrl).hostname))] as const)),
  ]);
  return { avatars: new Map(avatars), covers: new Map(covers), screenshots: new Map(screenshots) };
}

/**
 * Fills an empty database with the demo catalogue (see docs/demo-data.md): categories, providers,
 * members, listings in every status, reviews, favourites, view history and inquiries. Deterministic
 * apart from image ids and dates relative to `now`. Does nothing when the database has content.
 */
export async function seedDemoIfEmpty(db: Database, options: { now?: Date } = {}): Promise<{ seeded: boolean }> {
  if (!(await isDatabaseEmpty(db))) return { seeded: false };
  const now = options.now ?? new Date();
  const random = createRandom(DEMO_SEED);
  const [passwordHash, rendered, unclaimedCover] = await Promise.all([hashPassword(DEMO_PASSWORD), renderDemoImages(), renderListingImage(UNCLAIMED_TITLE, 'Service').then(pendingImage)]);

  return db.transaction(async (tx) => {
    // A second process may have seeded while the images rendered.
    if (!(await isDatabaseEmpty(tx))) return { seeded: false };

    const { providersByKey, members } = await insertDemoAccounts(tx, random, { passwordHash, avatarUrls: urlsOf(rendered.avatars), now });
    const categoryId = await insertDemoCategories(tx);

    const demoListings = await insertDemoListings(tx, random, {
      categoryId,
      providersByKey,
      imageUrls: urlsOf(rendered.covers),
      screenshotUrls: urlsOf(rendered.screenshots),
      now,
    });

    // Their own random stream, so the rest of the demo stays as it was; live listings only.
    await insertSeedProgrammes(tx, createRandom(DEMO_SEED + 1), demoListings.filter((listing) => listing.status === 'approved'), 0.8, now);

    const providerIdOfListing = new Map(demoListings.map((listing) => [`${listing.type}/${listing.title}`, listing.providerId]));
    await tx.insert(images).values([
      ...[...rendered.avatars].map(([key, { id, image }]) => ({ id, kind: 'avatar' as const, ownerId: providersByKey.get(key)!.id, ...image })),
      ...[...rendered.covers].map(([key, { id, image }]) => ({ id, kind: 'listing' as const, ownerId: providerIdOfListing.get(key)!, ...image })),
      ...[...rendered.screenshots].map(([key, { id, image }]) => ({ id, kind: 'screenshot' as const, ownerId: providerIdOfListing.get(key)!, ...image })),
    ]);

    await insertDemoPlans(tx, providersByKey, demoListings, now);

    const demoProvider = [...providersByKey.values()].find((user) => user.email === DEMO_PROVIDER_EMAIL)!;
    await insertDemoActivity(tx, random, { listings: demoListings, members, demoProvider, now });
    await insertDemoApplications(tx, { members, demoProvider, now });
    // Owned by nobody until the company claims the listing, like the listing itself.
    await tx.insert(images).values({ id: unclaimedCover.id, kind: 'listing', ownerId: null, ...unclaimedCover.image });
    // A listing an administrator added for a company that is not on the directory yet: its page
    // asks "Is this your company?" (docs/decisions/listing-claims.md).
    await tx.insert(listings).values({
      type: 'services',
      slug: 'northwind-data-studio-dashboards',
      title: UNCLAIMED_TITLE,
      imageUrl: unclaimedCover.url,
      shortDescription: 'Looker Studio dashboards for agencies, built on your clients\' GA4, ads and CRM data.',
      description:
        'Northwind Data Studio builds white-label reporting dashboards that agencies send their clients every month.\n\nAdded by the directory: Northwind has not claimed this listing yet, so it cannot take messages here.',
      categoryId: categoryId('services', 'analytics-reporting'),
      price: '900.00',
      priceType: 'fixed',
      deliveryTime: 10,
      tags: ['Looker Studio', 'GA4', 'Reporting'],
      features: ['GA4, Google Ads and Meta Ads sources', 'Your agency\'s brand', 'A monthly PDF for each client', 'A kick-off call and two rounds of changes'],
      status: 'approved',
      providerId: null,
      unclaimedCompany: 'Northwind Data Studio',
      unclaimedWebsite: 'https://www.northwind-data.example',
      viewCount: 140,
      createdAt: new Date(now.getTime() - 3 * 86_400_000),
      updatedAt: new Date(now.getTime() - 3 * 86_400_000),
    });
    // After the favourites: a change of one of the demo member's favourites' terms is told to them.
    await insertDemoAlerts(tx, members.find((member) => member.email === DEMO_MEMBER_EMAIL)!, now);
    return { seeded: true };
  });
}
