import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import type { Database } from '../../src/db/client';
import { categories } from '../../src/db/schema/categories';
import { listings } from '../../src/db/schema/listings';
import { messages } from '../../src/db/schema/messages';
import { seoOverrides } from '../../src/db/schema/seo';
import { users } from '../../src/db/schema/users';
import { createCategory, createListing, createPartnerProgramme, createUser, TEST_PASSWORD, type TestUser } from '../factories';
import type { Hints } from './schema-arbitrary';
import { rowsOf } from './table-checksums';

export type Role = 'visitor' | 'member' | 'owner' | 'admin';

/**
 * Who may reach a write route: administrators for the admin area and the category editor, the
 * listing's provider for their own listings and leads, any member otherwise (visitors' routes take
 * a member as well). A new route falls under these rules by its path; the fuzz test fails for a
 * route that its role never gets past 401/403, so a wrong rule cannot hide a route.
 */
export function roleFor(method: string, url: string): Role {
  if (url.startsWith('/api/admin/') || url.startsWith('/api/categories')) return 'admin';
  if (url.startsWith('/api/provider/')) return 'owner';
  if (/^\/api\/(services|tools)(\/:id)?$/.test(url) && (method === 'POST' || method === 'PATCH')) return 'owner';
  return 'member';
}

/** The accounts and records the fuzz writes against; deleted ones are made again. */
export class FuzzWorld {
  accounts!: Record<Exclude<Role, 'visitor'>, TestUser> & { victim: TestUser };
  categoryIds!: { services: number; tools: number; spare: number };
  listingIds!: { services: number; tools: number };
  leadId!: number;
  private csv: string[] = [];
  overrideId!: number;

  constructor(
    private readonly app: FastifyInstance,
    private readonly db: Database,
  ) {}

  async create() {
    this.accounts = {
      admin: await createUser(this.app, this.db, { isAdmin: true }),
      owner: await createUser(this.app, this.db, { isProvider: true }),
      member: await createUser(this.app, this.db),
      victim: await this.victim(),
    };
    this.categoryIds = {
      services: (await createCategory(this.db, { type: 'services' })).id,
      tools: (await createCategory(this.db, { type: 'tools' })).id,
      spare: (await createCategory(this.db, { type: 'services' })).id,
    };
    this.listingIds = { services: 0, tools: 0 };
    await this.restore();
    // What the site exports is the nearest thing to a valid import file; the fuzz edits it.
    for (const url of ['/api/admin/export/listings.csv?type=services', '/api/admin/export/listings.csv?type=tools', '/api/admin/export/categories.csv']) {
      const response = await this.app.inject({ url, headers: { cookie: this.accounts.admin.cookie } });
      if (response.statusCode === 200) this.csv.push(response.body);
    }
  }

  /** Makes again whatever a successful write removed, so later requests still reach real records. */
  async restore() {
    // A member may delete their own account (POST /api/profile/delete): sign a new one in.
    if (!(await this.exists(users, this.accounts.member.id))) {
      this.accounts.member = await createUser(this.app, this.db);
    }
    if (!(await this.exists(users, this.accounts.victim.id))) {
      this.accounts.victim = await this.victim();
    }
    for (const key of ['services', 'tools', 'spare'] as const) {
      if (!(await this.exists(categories, this.categoryIds[key]))) {
        this.categoryIds[key] = (await createCategory(this.db, { type: key === 'tools' ? 'tools' : 'services' })).id;
      }
    }
    for (const type of ['services', 'tools'] as const) {
      if (!(await this.exists(listings, this.listingIds[type]))) {
        const listing = await createListing(this.db, {
          type,
          providerId: this.accounts.owner.id,
          categoryId: this.categoryIds[type],
          ...(type === 'services' ? { priceType: 'fixed', price: '100.00', deliveryTime: 7 } : { websiteUrl: null }),
        });
        this.listingIds[type] = listing.id;
        // A programme on the service, so the exported files the import fuzz edits carry programme cells.
        if (type === 'services') await createPartnerProgramme(this.db, listing.id, { types: ['white_label_resale', 'referral'], commissionType: 'percent', commissionValue: '20', commissionMonths: 'lifetime', billingPeriod: 'one_time' });
      }
    }
    if (!this.leadId || !(await this.exists(messages, this.leadId))) {
      const [lead] = await this.db
        .insert(messages)
        .values({ kind: 'listing', listingId: this.listingIds.services, recipientId: this.accounts.owner.id, senderId: this.accounts.member.id, name: 'Lead', email: 'lead@example.test', message: 'Hello' })
        .returning();
      this.leadId = lead!.id;
    }
    if (!this.overrideId || !(await this.exists(seoOverrides, this.overrideId))) {
      const [override] = await this.db
        .insert(seoOverrides)
        .values({ pageType: 'service', entityId: String(this.listingIds.services), title: 'Override' })
        .onConflictDoNothing()
        .returning();
      this.overrideId = override?.id ?? (await this.db.select().from(seoOverrides).limit(1))[0]!.id;
    }
  }

  private async exists(table: typeof users | typeof categories | typeof listings | typeof messages | typeof seoOverrides, id: string | number) {
    if (!id) return false;
    return (await rowsOf(this.db, sql`select 1 from ${table} where ${table.id} = ${id}`)).length > 0;
  }

  /** The account the admin user routes act on: it never signs in, so it is made without a login. */
  private async victim(): Promise<TestUser> {
    const id = randomUUID();
    const [user] = await this.db
      .insert(users)
      .values({ id, slug: `victim-${id}`, email: `victim-${id}@example.test`, firstName: 'Victim', lastName: 'Account', isProvider: true })
      .returning();
    return { ...user!, cookie: '' };
  }

  cookieFor(role: Role): string | undefined {
    return role === 'visitor' ? undefined : this.accounts[role].cookie;
  }

  /** The record a path parameter names, by the route's path. */
  paramValue(url: string, name: string): string {
    if (name === 'userId') return this.accounts.victim.id;
    if (url.includes('/categories/')) return String(this.categoryIds.spare);
    if (url.includes('/seo/overrides/')) return String(this.overrideId);
    if (url.includes('/leads/')) return String(this.leadId);
    if (url.includes('/tools/')) return String(this.listingIds.tools);
    return String(this.listingIds.services);
  }

  /** Plausible values for fields of these names (see Hints). */
  hints(): Hints {
    const categoryIds = () => fc.constantFrom(this.categoryIds.services, this.categoryIds.tools, String(this.categoryIds.services));
    return {
      email: () =>
        fc.oneof(
          { weight: 3, arbitrary: fc.stringMatching(/^[a-z0-9]{3,12}@example\.test$/) },
          { weight: 1, arbitrary: fc.emailAddress() },
          { weight: 1, arbitrary: fc.constantFrom(this.accounts.member.email, this.accounts.owner.email) },
        ),
      password: () => fc.oneof(fc.constant(TEST_PASSWORD), fc.string({ minLength: 6, maxLength: 30 })),
      website: () => fc.constantFrom('', null, 'https://agency.example.test/', 'http://example.test/about'),
      // Loopback addresses: the screenshot job refuses them at once and stores a placeholder.
      websiteUrl: () => fc.constantFrom('', null, 'http://127.0.0.1:9/', 'http://localhost/tool'),
      categoryId: categoryIds,
      // Mostly absent (undefined drops the key): only administrators may send them, anyone else gets a 403.
      isFeatured: () => fc.constantFrom(undefined, undefined, undefined, true, false),
      firstName: () => fc.oneof(fc.constantFrom('Ada', 'Łukasz', '李'), fc.lorem({ maxCount: 1 })),
      lastName: () => fc.oneof(fc.constantFrom('Lovelace', "O'Brien", 'Müller'), fc.lorem({ maxCount: 1 })),
      parentId: () => fc.constantFrom(null, this.categoryIds.services, this.categoryIds.tools),
      providerId: () => fc.constantFrom(undefined, undefined, undefined, this.accounts.owner.id, this.accounts.victim.id, this.accounts.member.id),
      entityId: () => fc.constantFrom(null, String(this.listingIds.services), String(this.listingIds.tools), 'some-slug'),
      slug: () => fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,8}){0,2}$/),
      id: () => fc.uuid(),
      price: () => fc.oneof(fc.constantFrom('', null, '0', '19.99'), fc.integer({ min: 0, max: 100_000 })),
      deliveryTime: () => fc.oneof(fc.integer({ min: 1, max: 3650 }), fc.constantFrom('7', '30')),
      rating: () => fc.integer({ min: 1, max: 5 }),
      profileImageUrl: () => fc.constantFrom(null, null, null, '', 'data:image/png;base64,iVBORw0KGgo=', '/api/images/1', 'https://example.test/a.png'),
      tags: () => fc.oneof(fc.constant('seo, ads, crm'), fc.array(fc.lorem({ maxCount: 2 }), { maxLength: 5 })),
      features: () => fc.oneof(fc.constant('Fast, Friendly'), fc.array(fc.lorem({ maxCount: 3 }), { maxLength: 5 })),
      bottomContent: () => fc.constantFrom('<p>Hello <strong>there</strong></p>', '<p><img src="x" onerror="alert(1)"></p>', '<script>alert(1)</script>', ''),
    };
  }

  /** CSV files as the site exports them (a header row, at least, when no export route exists). */
  csvSamples(): string[] {
    return this.csv.length > 0 ? this.csv : ['title,description\nx,y\n'];
  }
}
