import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import { categories } from '../schema/categories';
import { partnerProgrammes } from '../schema/partner-programmes';
import { listings } from '../schema/listings';
import { users } from '../schema/users';
import { images } from '../schema/images';
import { insertBulkListings } from './bulk-listings';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

describe('insertBulkListings', () => {
  it('refuses to run without categories to put listings in', async () => {
    await expect(insertBulkListings(db, { count: 10 })).rejects.toThrow(/no categories/);
    expect((await db.select({ n: count() }).from(listings))[0]!.n).toBe(0);
  });

  it('adds approved listings in batches, spread over every category and a provider pool', async () => {
    const [services] = await db.insert(categories).values({ type: 'services', name: 'Marketing', slug: 'marketing' }).returning();
    await db.insert(categories).values([
      { type: 'services', name: 'Local SEO', slug: 'local-seo', parentId: services!.id },
      { type: 'tools', name: 'CRM Software', slug: 'crm-software' },
    ]);
    const all = await db.select().from(categories);
    const progress: number[] = [];

    const result = await insertBulkListings(db, { count: 500, batchSize: 200, seed: 7, onProgress: (inserted) => progress.push(inserted) });

    expect(result.listings).toBe(500);
    expect(progress).toEqual([200, 400, 500]);
    const rows = await db.select().from(listings);
    expect(rows).toHaveLength(500);
    expect(new Set(rows.map((row) => row.slug + row.type)).size).toBe(500);
    expect(new Set(rows.map((row) => row.categoryId))).toEqual(new Set(all.map((category) => category.id)));
    for (const row of rows) {
      const category = all.find((c) => c.id === row.categoryId)!;
      expect(row).toMatchObject({ type: category.type, status: 'approved', imageUrl: null, rating: 0, reviewCount: 0, isFeatured: false });
      expect(row.title.length).toBeGreaterThan(3);
      expect(row.tags.length).toBeGreaterThanOrEqual(3);
      expect(row.features.length).toBeGreaterThanOrEqual(4);
      if (row.type === 'services') {
        expect(['fixed', 'monthly', 'hourly']).toContain(row.priceType);
        expect(row.deliveryTime).toBeGreaterThanOrEqual(1);
        expect(row.deliveryTime).toBeLessThanOrEqual(30);
      } else {
        expect(row.priceType).toBeNull();
        expect(row.websiteUrl).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      }
    }
    // Written in the order they were created, over the two years before now, as a real
    // catalogue's rows lie: the benchmark's plans are then the ones such a table gets.
    const created = rows.sort((a, b) => a.id - b.id).map((row) => row.createdAt.getTime());
    expect(created).toEqual([...created].sort((a, b) => a - b));
    expect(created[0]).toBeGreaterThanOrEqual(Date.now() - 731 * 24 * 60 * 60 * 1000);
    expect(created.at(-1)).toBeLessThanOrEqual(Date.now());
    expect(created.at(-1)! - created[0]!).toBeGreaterThan(700 * 24 * 60 * 60 * 1000);
    // About half carry a partner programme (between 40 and 60 % of 500 with this seed).
    const programmes = await db.select({ listingId: partnerProgrammes.listingId }).from(partnerProgrammes);
    expect(programmes.length).toBeGreaterThan(200);
    expect(programmes.length).toBeLessThan(300);
    // Every tool has its picture, so the screenshot job has nothing to do at the next start.
    const tools = rows.filter((row) => row.type === 'tools');
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((tool) => tool.screenshotUrl !== null)).toBe(true);
    const [shared] = await db.select().from(images).where(eq(images.id, tools[0]!.screenshotUrl!.split('/').pop()!));
    expect(shared).toMatchObject({ kind: 'listing', contentType: 'image/webp' });

    const providers = await db.select().from(users).where(eq(users.isProvider, true));
    expect(providers).toHaveLength(result.providers);
    expect(providers.every((provider) => provider.passwordHash === null && provider.companyName)).toBe(true);
    expect(new Set(rows.map((row) => row.providerId)).size).toBe(result.providers);
  });

  it('can run again on the same database without slug clashes', async () => {
    const later = new Date(Date.now() + 60_000);
    await insertBulkListings(db, { count: 50, now: later });
    expect((await db.select({ n: count() }).from(listings))[0]!.n).toBe(550);
  });
});
