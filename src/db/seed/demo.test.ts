import { randomUUID } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-database';
import { verifyPassword } from '../../lib/passwords';
import { categories } from '../schema/categories';
import { images } from '../schema/images';
import { listingDailyViews, listings } from '../schema/listings';
import { messages } from '../schema/messages';
import { favorites, reviews } from '../schema/reviews';
import { users } from '../schema/users';
import { partnerProgrammes } from '../schema/partner-programmes';
import { partnerApplicationMessages, partnerApplications } from '../schema/partner-applications';
import { listingDailyFigures } from '../schema/daily-figures';
import { applicationStatuses } from '../../shared/partner-application-values';
import { partnerProgrammeSchema, programmeListingIssues } from '../../shared/schemas/partner-programme';
import { rowToTerms } from '../partner-programme-terms';
import { DEMO_MEMBER_EMAIL } from './catalogue/members';
import { DEMO_PROVIDER_EMAIL } from './catalogue/providers';
import { DEMO_PASSWORD } from './demo-accounts';
import { seedDemoIfEmpty } from './demo';
import { listingEvents, savedSearches } from '../schema/alerts';
import { listingQuerySchema } from '../../shared/schemas/listing-query';

const database = await openTestDatabase();
const { db } = database;
afterAll(() => database.close());

const countOf = async (table: Parameters<ReturnType<typeof db.select>['from']>[0], where?: ReturnType<typeof eq>) =>
  (await db.select({ n: count() }).from(table).where(where))[0]!.n;

const now = new Date('2026-03-15T12:00:00Z');

describe('seedDemoIfEmpty on a database with content', () => {
  it('leaves a database that already has a member alone', async () => {
    const [member] = await db.insert(users).values({ id: randomUUID(), slug: 'someone', email: 'someone@example.test' }).returning();
    expect(await seedDemoIfEmpty(db, { now })).toEqual({ seeded: false });
    expect(await countOf(listings)).toBe(0);
    expect(await countOf(categories)).toBe(0);
    expect(await countOf(users)).toBe(1);
    // Empty again for the suites below.
    await db.delete(users).where(eq(users.id, member!.id));
  });
});

describe('seedDemoIfEmpty on an empty database', () => {
  let firstRun: { seeded: boolean };

  beforeAll(async () => {
    // Start-up creates the ADMIN_EMAIL administrator before seeding: that must not count as content.
    await db.insert(users).values({ id: randomUUID(), slug: 'site-admin', email: 'admin@example.test', isAdmin: true });
    firstRun = await seedDemoIfEmpty(db, { now });
  }, 60_000);

  it('seeds', () => {
    // How long it takes is the bench's figure (bench/scratch-database.ts prints it), not an assertion here.
    expect(firstRun.seeded).toBe(true);
  });

  it('creates categories of both types, with subcategories, icons, descriptions and bottom content', async () => {
    const rows = await db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(25);
    for (const type of ['services', 'tools'] as const) {
      const ofType = rows.filter((row) => row.type === type);
      expect(ofType.filter((row) => row.parentId === null).length).toBeGreaterThan(0);
      expect(ofType.filter((row) => row.parentId !== null).length).toBeGreaterThan(0);
      for (const child of ofType.filter((row) => row.parentId !== null)) {
        expect(rows.find((row) => row.id === child.parentId)?.type).toBe(type);
      }
    }
    expect(rows.every((row) => row.description && row.icon && /^[a-z0-9-]+$/.test(row.icon))).toBe(true);
    expect(rows.filter((row) => row.bottomContent?.startsWith('<h2>')).length).toBeGreaterThanOrEqual(2);
  });

  it('creates providers with complete profiles and stored WebP avatars', async () => {
    const providers = await db.select().from(users).where(eq(users.isProvider, true));
    expect(providers.length).toBeGreaterThanOrEqual(12);
    for (const provider of providers) {
      expect(provider.companyName).toBeTruthy();
      expect(provider.bio).toBeTruthy();
      expect(provider.website).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
      expect(provider.email).toMatch(/@([a-z0-9-]+\.)*(example\.com|test)$/);
      expect(provider.profileImageUrl).toMatch(/^\/api\/images\/[\w-]+$/);
    }
    const avatarId = providers[0]!.profileImageUrl!.split('/').pop()!;
    const [avatar] = await db.select().from(images).where(eq(images.id, avatarId));
    expect(avatar).toMatchObject({ kind: 'avatar', contentType: 'image/webp', width: 256, height: 256, ownerId: providers[0]!.id });
    expect((await sharp(avatar!.data).metadata()).format).toBe('webp');
  });

  it('creates the documented demo accounts with the documented password', async () => {
    const [provider] = await db.select().from(users).where(eq(users.email, DEMO_PROVIDER_EMAIL));
    const [member] = await db.select().from(users).where(eq(users.email, DEMO_MEMBER_EMAIL));
    expect(provider?.isProvider).toBe(true);
    expect(member).toMatchObject({ isProvider: false, isAdmin: false });
    expect(await verifyPassword(provider!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(member!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await countOf(users, and(eq(users.isProvider, false), eq(users.isAdmin, false)))).toBeGreaterThanOrEqual(30);
  });

  it('gives most live listings a partner programme: every type, some on request or for members, some unverified or stale', async () => {
    const live = await countOf(listings, eq(listings.status, 'approved'));
    const programmes = await db.select().from(partnerProgrammes);
    expect(programmes.length).toBeGreaterThan(live / 2);
    const types = new Set(programmes.flatMap((row) => row.types));
    expect([...types].sort()).toEqual(['affiliate', 'branded_resale', 'referral', 'white_label_resale']);
    expect(new Set(programmes.map((row) => row.visibility))).toEqual(new Set(['public', 'members', 'on_request']));
    const staleBefore = new Date(now.getTime() - 180 * 24 * 60 * 60 * 1000);
    expect(programmes.some((row) => row.verifiedAt === null)).toBe(true);
    expect(programmes.some((row) => row.verifiedAt !== null && row.verifiedAt < staleBefore)).toBe(true);
    expect(programmes.some((row) => row.verifiedAt !== null && row.verifiedAt >= staleBefore)).toBe(true);
  });

  it('holds only partner terms the schema accepts: no contradiction within a programme or with its listing', async () => {
    const rows = await db.select({ programme: partnerProgrammes, priceType: listings.priceType }).from(partnerProgrammes).innerJoin(listings, eq(listings.id, partnerProgrammes.listingId));
    expect(rows.length).toBeGreaterThan(0);
    const refused = rows.flatMap(({ programme, priceType }) => {
      const parsed = partnerProgrammeSchema.safeParse(rowToTerms(programme));
      if (!parsed.success) return parsed.error.issues.map((issue) => `${programme.listingId} ${issue.path.join('.')}: ${issue.message}`);
      return programmeListingIssues(priceType, parsed.data).map((issue) => `${programme.listingId} ${issue.path.join('.')}: ${issue.message}`);
    });
    expect(refused).toEqual([]);
  });

  it('creates 60+ approved listings of both types with complete, varied content', async () => {
    const live = await db.select().from(listings).where(eq(listings.status, 'approved'));
    expect(live.length).toBeGreaterThanOrEqual(60);
    const services = live.filter((row) => row.type === 'services');
    const tools = live.filter((row) => row.type === 'tools');
    expect(services.length).toBeGreaterThanOrEqual(25);
    expect(tools.length).toBeGreaterThanOrEqual(25);
    expect(services.filter((row) => row.isFeatured).length).toBeGreaterThanOrEqual(6);
    expect(tools.filter((row) => row.isFeatured).length).toBeGreaterThanOrEqual(6);
    expect(live.some((row) => row.price === null)).toBe(true);
    expect(tools.find((row) => row.title === 'HubSpot CRM')).toBeDefined();

    for (const row of live) {
      expect(row.tags.length).toBeGreaterThanOrEqual(3);
      expect(row.tags.length).toBeLessThanOrEqual(7);
      expect(row.features.length).toBeGreaterThanOrEqual(4);
      expect(row.features.length).toBeLessThanOrEqual(8);
      expect(row.shortDescription!.length).toBeLessThanOrEqual(500);
      expect(row.title.length).toBeLessThanOrEqual(200);
      expect(row.description.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(row.imageUrl).toMatch(/^\/api\/images\/[\w-]+$/);
      expect(row.viewCount).toBeGreaterThan(0);
      expect(row.createdAt.getTime()).toBeLessThan(now.getTime());
    }
    for (const row of services) {
      expect(['fixed', 'monthly', 'hourly']).toContain(row.priceType);
      expect(row.deliveryTime).toBeGreaterThanOrEqual(1);
      expect(row.deliveryTime).toBeLessThanOrEqual(30);
    }
    for (const row of tools) {
      expect(row.priceType).toBeNull();
      expect(row.deliveryTime).toBeNull();
      expect(row.websiteUrl).toMatch(/^https:\/\/[a-z0-9-]+\.example$/);
    }
  });

  it('stores an 800x450 WebP cover for every listing, owned by its provider', async () => {
    const rows = await db.select({ imageUrl: listings.imageUrl, providerId: listings.providerId }).from(listings);
    const covers = await db.select({ id: images.id, ownerId: images.ownerId, width: images.width, height: images.height }).from(images).where(eq(images.kind, 'listing'));
    const byId = new Map(covers.map((cover) => [cover.id, cover]));
    for (const row of rows) {
      const cover = byId.get(row.imageUrl!.split('/').pop()!);
      expect(cover).toMatchObject({ ownerId: row.providerId, width: 800, height: 450 });
    }
  });

  it('gives every tool a screenshot, so the screenshot job has nothing to retry at start-up', async () => {
    const tools = await db.select({ screenshotUrl: listings.screenshotUrl }).from(listings).where(eq(listings.type, 'tools'));
    const shots = new Set((await db.select({ id: images.id }).from(images).where(eq(images.kind, 'screenshot'))).map((row) => row.id));
    expect(tools.length).toBeGreaterThan(0);
    expect(tools.every((tool) => shots.has(tool.screenshotUrl?.split('/').pop() ?? ''))).toBe(true);
  });

  it('includes pending listings and rejected ones with a reason', async () => {
    const pending = await db.select().from(listings).where(eq(listings.status, 'pending'));
    const rejected = await db.select().from(listings).where(eq(listings.status, 'rejected'));
    expect(pending.length).toBeGreaterThanOrEqual(2);
    expect(rejected.length).toBeGreaterThanOrEqual(2);
    expect(rejected.every((row) => row.rejectionReason && row.rejectionReason.length > 20)).toBe(true);
    expect(pending.every((row) => row.rejectionReason === null)).toBe(true);
  });

  it('writes varied reviews, mostly 4 and 5 stars, on live listings only', async () => {
    const rows = await db
      .select({ rating: reviews.rating, comment: reviews.comment, status: listings.status })
      .from(reviews)
      .innerJoin(listings, eq(listings.id, reviews.listingId));
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(new Set(rows.map((row) => row.rating))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(rows.filter((row) => row.rating >= 4).length / rows.length).toBeGreaterThan(0.65);
    expect(rows.every((row) => row.status === 'approved' && row.comment.trim().length > 20 && !row.comment.includes('{title}'))).toBe(true);
  });

  it('keeps every listing\'s cached rating and review count equal to its reviews', async () => {
    const mismatches = await db
      .select({ id: listings.id })
      .from(listings)
      .where(
        sql`${listings.reviewCount} <> (select count(*) from ${reviews} where ${reviews.listingId} = ${listings.id})
          or ${listings.rating} <> coalesce((select round(avg(${reviews.rating})::numeric, 1) from ${reviews} where ${reviews.listingId} = ${listings.id}), 0)::real`,
      );
    expect(mismatches).toEqual([]);
    // Checked here in TypeScript too, so the test does not only trust the SQL it mirrors.
    const all = await db.select({ id: listings.id, rating: listings.rating, reviewCount: listings.reviewCount }).from(listings);
    const written = await db.select({ listingId: reviews.listingId, rating: reviews.rating }).from(reviews);
    for (const listing of all) {
      const ratings = written.filter((review) => review.listingId === listing.id).map((review) => review.rating);
      const mean = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10 : 0;
      expect(listing.reviewCount).toBe(ratings.length);
      expect(listing.rating).toBeCloseTo(mean, 5);
    }
    expect(all.some((listing) => listing.reviewCount === 0)).toBe(true);
  });

  it('adds favourites, including the demo member\'s', async () => {
    const [member] = await db.select().from(users).where(eq(users.email, DEMO_MEMBER_EMAIL));
    expect(await countOf(favorites)).toBeGreaterThanOrEqual(30);
    expect(await countOf(favorites, eq(favorites.userId, member!.id))).toBeGreaterThan(0);
  });

  it("gives the demo member saved searches and a change of a favourite's partner terms to be told of", async () => {
    const [member] = await db.select().from(users).where(eq(users.email, DEMO_MEMBER_EMAIL));
    const searches = await db.select().from(savedSearches).where(eq(savedSearches.userId, member!.id));
    expect(searches.map((search) => [search.name, search.frequency])).toEqual([
      ['White-label tools at 40%+', 'daily'],
      ['SEO services', 'weekly'],
    ]);
    // The filters are ones the catalogue takes, as a list page would send them.
    for (const search of searches) expect(listingQuerySchema.safeParse(search.filters).success).toBe(true);
    const told = await db.select().from(listingEvents).where(sql`${listingEvents.recipients} @> array[${member!.id}]::text[]`);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'terms', before: expect.objectContaining({ commitmentMonths: 0 }), after: expect.objectContaining({ commitmentMonths: 12 }) });
    // The changed programme still passes the shared schema (the test above parses every one).
    const [programme] = await db.select().from(partnerProgrammes).where(eq(partnerProgrammes.listingId, told[0]!.listingId));
    expect(partnerProgrammeSchema.safeParse(rowToTerms(programme!)).success).toBe(true);
  });

  it('records daily views over the last 30 days for the trending score', async () => {
    const days = await db.selectDistinct({ day: listingDailyViews.day }).from(listingDailyViews);
    const dayNames = days.map((row) => row.day).sort();
    expect(dayNames.length).toBe(30);
    expect(dayNames.at(-1)).toBe('2026-03-15');
    expect(dayNames[0]).toBe('2026-02-14');
    const viewed = await db.selectDistinct({ listingId: listingDailyViews.listingId }).from(listingDailyViews);
    expect(viewed.length).toBeGreaterThanOrEqual(60);
  });

  it('leaves inquiries in providers\' lead inboxes, the demo provider\'s included', async () => {
    const rows = await db
      .select({ recipientId: messages.recipientId, providerId: listings.providerId, type: listings.type, recipientEmail: users.email })
      .from(messages)
      .innerJoin(listings, eq(listings.id, messages.listingId))
      .innerJoin(users, eq(users.id, messages.recipientId))
      .where(eq(messages.kind, 'listing'));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((row) => row.recipientId === row.providerId && row.type === 'services')).toBe(true);
    expect(rows.some((row) => row.recipientEmail === DEMO_PROVIDER_EMAIL)).toBe(true);
    expect(await countOf(messages, isNull(messages.readAt))).toBeGreaterThan(0);
    expect(await countOf(messages, isNotNull(messages.readAt))).toBeGreaterThan(0);
  });

  it("fills the demo provider's Applications inbox with one application in every state, and makes the demo member a partner of an on-request programme", async () => {
    const rows = await db
      .select({ status: partnerApplications.status, providerEmail: users.email, applicantId: partnerApplications.applicantId, listingId: partnerApplications.listingId, approvedAt: partnerApplications.approvedAt, createdAt: partnerApplications.createdAt })
      .from(partnerApplications)
      .innerJoin(listings, eq(listings.id, partnerApplications.listingId))
      .innerJoin(users, eq(users.id, listings.providerId));
    const inbox = rows.filter((row) => row.providerEmail === DEMO_PROVIDER_EMAIL);
    expect(new Set(inbox.map((row) => row.status))).toEqual(new Set(applicationStatuses));
    expect(await countOf(partnerApplicationMessages)).toBeGreaterThan(0);
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());

    const [demoMember] = await db.select().from(users).where(eq(users.email, DEMO_MEMBER_EMAIL));
    const mine = rows.filter((row) => row.applicantId === demoMember!.id);
    const granted = mine.find((row) => row.status === 'approved');
    expect(granted).toBeDefined();
    const [programme] = await db.select().from(partnerProgrammes).where(eq(partnerProgrammes.listingId, granted!.listingId));
    expect(programme?.visibility).toBe('on_request');
    expect(mine.some((row) => row.status === 'pending')).toBe(true);

    // Applications count in the daily figures, as live ones do.
    const [figures] = await db.select({ n: sql<number>`sum(${listingDailyFigures.partnerApplications})::int` }).from(listingDailyFigures);
    expect(figures!.n).toBe(rows.length);
  });

  it('gives reviews by approved partners the Verified partner badge, from the records', async () => {
    const badged = await db
      .select({ id: reviews.id })
      .from(reviews)
      .where(sql`exists (select 1 from ${partnerApplications} pa where pa.listing_id = ${reviews.listingId} and pa.applicant_id = ${reviews.userId} and pa.approved_at <= ${reviews.createdAt})`);
    expect(badged.length).toBeGreaterThanOrEqual(5);
  });
});

describe('seedDemoIfEmpty after seeding', () => {
  it('seeds only once when run twice', async () => {
    const before = [await countOf(users), await countOf(listings), await countOf(reviews), await countOf(images)];
    expect(before[1]).toBeGreaterThan(0);
    expect(await seedDemoIfEmpty(db, { now })).toEqual({ seeded: false });
    expect([await countOf(users), await countOf(listings), await countOf(reviews), await countOf(images)]).toEqual(before);
  });
});
