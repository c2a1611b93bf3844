import { randomBytes } from 'node:crypto';
import { placeholderImage } from '../../lib/placeholder-image';
import { imageUrl } from '../../shared/image-widths';
import { slugify } from '../../shared/slug';
import type { Database } from '../client';
import { categories } from '../schema/categories';
import { images } from '../schema/images';
import { listings } from '../schema/listings';
import { users } from '../schema/users';
import * as words from './bulk-vocabulary';
import { insertSeedProgrammes } from './partner-programme-seeds';
import { createRandom, type Random } from './random';

const DAY = 24 * 60 * 60 * 1000;
/** How far back the generated listings were created. */
const CREATION_SPAN_DAYS = 730;

/** 2,000 rows of 17 columns stay well under PostgreSQL's 65,535 parameters per statement. */
export const DEFAULT_BATCH_SIZE = 2_000;

export type BulkOptions = {
  count: number;
  batchSize?: number;
  /** Seed of the generator; runs with the same seed on the same categories produce the same content. */
  seed?: number;
  now?: Date;
  onProgress?: (inserted: number, total: number) => void;
};

type Category = { id: number; type: 'tools' | 'services'; name: string };

function serviceFields(random: Random, category: Category) {
  const topic = random.pick(words.serviceTopics);
  const title = `${random.pick(words.serviceQualifiers)} ${topic} ${random.pick(words.serviceDeliverables)}`;
  const audience = random.pick(words.audiences);
  const priceType = random.weighted([['fixed', 5], ['monthly', 4], ['hourly', 2]] as const);
  const price = random.chance(0.12) ? null : priceType === 'hourly' ? random.int(25, 250) : priceType === 'monthly' ? random.int(8, 80) * 50 : random.int(3, 120) * 50;
  return {
    title,
    shortDescription: `${topic} for ${audience}, delivered by a specialist team and ready to resell to your clients.`,
    description: [
      `${title} is built for ${audience}. Our team handles the ${topic.toLowerCase()} work from the first call to the monthly report, so your agency can offer it without hiring.`,
      `${random.pick(words.benefits)}. ${random.pick(words.benefits)}.`,
      `Listed in ${category.name}. Ask for volume pricing if you plan to resell it to several clients.`,
    ].join('\n\n'),
    price,
    priceType,
    deliveryTime: random.int(1, 30),
    websiteUrl: null,
  };
}

function toolFields(random: Random, category: Category, screenshotUrl: string) {
  const name = `${random.pick(words.toolPrefixes)}${random.pick(words.toolSuffixes)}`;
  const title = `${name}${random.pick(words.toolEditions)}`;
  const purpose = random.pick(words.toolPurposes);
  const audience = random.pick(words.audiences);
  return {
    title,
    shortDescription: `Software for ${purpose}, made for ${audience}.`,
    description: [
      `${title} helps ${audience} with ${purpose}. Set it up once per client and let it run.`,
      `${random.pick(words.benefits)}. ${random.pick(words.benefits)}.`,
      `Listed in ${category.name}, with partner pricing for agencies.`,
    ].join('\n\n'),
    price: random.chance(0.1) ? null : random.int(5, 300),
    priceType: null,
    deliveryTime: null,
    websiteUrl: `https://${slugify(name)}.example`,
    screenshotUrl,
  };
}

/**
 * Generated tools point at .example sites no browser can open. Without a picture each server
 * start would queue 100 of them for the screenshot job, which fails, renders a placeholder and
 * updates the listing, emptying the read cache with each one: a 100k benchmark measured that
 * churn, not the catalogue. They all show one placeholder instead (a real catalogue has its
 * screenshots). It is stored as a listing image, not a screenshot: the screenshot clean-up deletes
 * a tool's own screenshot when its address changes, and must not take the one the others show.
 */
async function insertSharedPlaceholder(db: Database, ownerId: string) {
  const id = randomBytes(12).toString('base64url');
  await db.insert(images).values({ id, kind: 'listing', ownerId, ...(await placeholderImage('Generated listing', null)) });
  return imageUrl(id);
}

/** A pool of providers for the generated listings; they have no password, so nobody signs in as them. */
async function insertProviderPool(db: Database, random: Random, size: number, runToken: string) {
  const rows = Array.from({ length: size }, (_, i) => {
    const companyName = `${random.pick(words.companyFirstWords)} ${random.pick(words.companySecondWords)}`;
    const handle = `${slugify(companyName)}-${runToken}-${i}`;
    return {
      id: random.uuid(),
      slug: handle,
      email: `${handle}@example.test`,
      firstName: random.pick(words.firstNames),
      lastName: random.pick(words.lastNames),
      companyName,
      website: `https://${handle}.example`,
      bio: `${companyName} works with ${random.pick(words.audiences)} and the agencies that serve them.`,
      isProvider: true,
    };
  });
  const inserted: string[] = [];
  for (let start = 0; start < rows.length; start += 1_000) {
    const batch = await db.insert(users).values(rows.slice(start, start + 1_000)).returning({ id: users.id });
    inserted.push(...batch.map((row) => row.id));
  }
  return inserted;
}

/**
 * Adds `count` approved listings spread over the existing categories (each listing takes its
 * category's type) and a pool of generated providers, in batches. No images and no reviews, so the
 * cached rating (0) and review count (0) stay true. For scale work: `npm run seed:bulk`.
 */
export async function insertBulkListings(db: Database, options: BulkOptions) {
  const { count, batchSize = DEFAULT_BATCH_SIZE, now = new Date(), onProgress } = options;
  const random = createRandom(options.seed ?? now.getTime());
  const programmeRandom = createRandom((options.seed ?? now.getTime()) + 1);
  const existing: Category[] = await db.select({ id: categories.id, type: categories.type, name: categories.name }).from(categories);
  if (existing.length === 0) {
    throw new Error('There are no categories to put listings in. Start the server once to seed the demo catalogue, or create categories first.');
  }

  // Part of every slug, so a second run never collides with the first.
  const runToken = now.getTime().toString(36);
  const providerIds = await insertProviderPool(db, random, Math.min(400, Math.max(5, Math.ceil(count / 250))), runToken);
  const screenshotUrl = await insertSharedPlaceholder(db, providerIds[0]!);

  // Created over the two years before `now`, and written in that order, as a real catalogue's
  // listings are: the table's rows then lie in about the order of creation, which the planner's
  // costs follow (docs/benchmarks.md, "The generated catalogue is written in the order its listings were
  // created"). Each listing takes a random moment of its own share of the span.
  const share = (CREATION_SPAN_DAYS * DAY) / count;
  const firstCreated = now.getTime() - CREATION_SPAN_DAYS * DAY;
  let inserted = 0;
  while (inserted < count) {
    const size = Math.min(batchSize, count - inserted);
    const rows = Array.from({ length: size }, (_, i): typeof listings.$inferInsert => {
      const category = random.pick(existing);
      const fields = category.type === 'services' ? serviceFields(random, category) : toolFields(random, category, screenshotUrl);
      const createdAt = new Date(Math.round(firstCreated + (inserted + i + random.next()) * share));
      return {
        ...fields,
        type: category.type,
        slug: `${slugify(fields.title)}-${runToken}-${(inserted + i).toString(36)}`,
        price: fields.price === null ? null : fields.price.toFixed(2),
        categoryId: category.id,
        tags: random.sample(words.tags, random.int(3, 7)),
        features: random.sample(words.features, random.int(4, 8)),
        status: 'approved',
        viewCount: random.int(0, 5_000),
        providerId: random.pick(providerIds),
        createdAt,
        updatedAt: createdAt,
      };
    });
    const added = await db.insert(listings).values(rows).returning({ id: listings.id, price: listings.price, priceType: listings.priceType, type: listings.type });
    // About half get a partner programme, so its filters are measured at scale; a stream of their own.
    await insertSeedProgrammes(db, programmeRandom, added, 0.5, now);
    inserted += size;
    onProgress?.(inserted, count);
  }
  return { listings: inserted, providers: providerIds.length };
}
