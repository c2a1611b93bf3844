import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { categories } from '../src/db/schema/categories';
import { listings } from '../src/db/schema/listings';
import { users } from '../src/db/schema/users';
import { partnerProgrammes } from '../src/db/schema/partner-programmes';
import { type PartnerProgrammeInput, partnerProgrammeSchema } from '../src/shared/schemas/partner-programme';
import { whiteLabelTerms } from './partner-terms';
import { termsToColumns } from '../src/db/partner-programme-terms';
import { programmeCaches } from '../src/db/partner-programme-caches';
import { hashPassword } from '../src/lib/passwords';
import { sessionCookie } from './test-app';

let sequence = 0;
const next = () => `${Date.now().toString(36)}${(++sequence).toString(36)}`;

export const TEST_PASSWORD = 'password123';
let passwordHash: Promise<string> | undefined;

export type TestUser = typeof users.$inferSelect & { cookie: string };

/** A user signed in through the real login route; pass flags to make a provider or an administrator. */
export async function createUser(
  app: FastifyInstance,
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      id: randomUUID(),
      slug: `user-${n}`,
      email: `user-${n}@example.test`,
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
      firstName: 'Test',
      lastName: `User ${n}`,
      ...overrides,
    })
    .returning();
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user!.email, password: TEST_PASSWORD } });
  return { ...user!, cookie: sessionCookie(login) };
}

export async function createCategory(db: Database, overrides: Partial<typeof categories.$inferInsert> = {}) {
  const n = next();
  const [category] = await db
    .insert(categories)
    .values({ type: 'services', name: `Category ${n}`, slug: `category-${n}`, ...overrides })
    .returning();
  return category!;
}

export async function createListing(
  db: Database,
  overrides: Partial<typeof listings.$inferInsert> & { providerId: string | null; categoryId: number },
) {
  const n = next();
  const [listing] = await db
    .insert(listings)
    .values({
      type: 'services',
      slug: `listing-${n}`,
      title: `Listing ${n}`,
      description: `Description of listing ${n}`,
      status: 'approved',
      // A listing made featured here is the editors' pick (featured slots are filled through the API).
      featuredByEditor: overrides.isFeatured ?? false,
      ...overrides,
    })
    .returning();
  return listing!;
}

/** Live partner-programme terms for a listing, valid by the shared schema; overrides change any field. */
export async function createPartnerProgramme(db: Database, listingId: number, overrides: Partial<PartnerProgrammeInput> = {}) {
  const terms = partnerProgrammeSchema.parse({ ...samplePartnerTerms, ...overrides });
  const [listing] = await db.select({ price: listings.price, priceType: listings.priceType }).from(listings).where(eq(listings.id, listingId));
  const [row] = await db.insert(partnerProgrammes).values({ listingId, ...termsToColumns(terms), ...programmeCaches(terms, listing!) }).returning();
  return row!;
}

/** White-label resale at 60 wholesale, 100 suggested retail, public, month-to-month. */
export const samplePartnerTerms: PartnerProgrammeInput = {
  ...whiteLabelTerms,
  commitmentMonths: 0,
  earlyCancellation: 'allowed',
  whiteLabel: ['own_logo', 'custom_domain', 'vendor_branding_removed', 'branded_reports', 'non_solicitation'],
  territories: 'worldwide',
  applyUrl: 'https://partners.example.test/apply',
  joinApproval: 'reviewed',
};
