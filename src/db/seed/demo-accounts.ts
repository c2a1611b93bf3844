import { slugify } from '../../shared/slug';
import type { Transaction } from '../client';
import { users } from '../schema/users';
import { DEMO_MEMBER_EMAIL, memberSeeds } from './catalogue/members';
import { providerSeeds } from './catalogue/providers';
import type { Random } from './random';

/** The password of every demo account, documented in docs/demo-data.md. */
export const DEMO_PASSWORD = 'demo1234';

const DAY = 24 * 60 * 60 * 1000;

export type DemoUser = typeof users.$inferSelect;

/**
 * Providers (with their avatar URLs) and members. Every account shares one password hash:
 * hashing is deliberately slow, and one hash per account would dominate the seed's time.
 */
export async function insertDemoAccounts(
  tx: Transaction,
  random: Random,
  options: { passwordHash: string; avatarUrls: Map<string, string>; now: Date },
) {
  const daysAgo = (days: number) => new Date(options.now.getTime() - days * DAY - random.int(0, DAY));

  const providerRows = providerSeeds.map((seed) => ({
    id: random.uuid(),
    slug: slugify(seed.companyName),
    email: seed.email,
    passwordHash: options.passwordHash,
    firstName: seed.firstName,
    lastName: seed.lastName,
    companyName: seed.companyName,
    website: seed.website,
    bio: seed.bio,
    profileImageUrl: options.avatarUrls.get(seed.key) ?? null,
    isProvider: true,
    createdAt: daysAgo(random.int(250, 420)),
  }));

  const memberRows = memberSeeds.map((seed, index) => ({
    id: random.uuid(),
    slug: slugify(`${seed.firstName} ${seed.lastName}`),
    email: index === 0 ? DEMO_MEMBER_EMAIL : `${slugify(seed.firstName)}.${slugify(seed.lastName)}@example.com`,
    passwordHash: options.passwordHash,
    firstName: seed.firstName,
    lastName: seed.lastName,
    companyName: seed.companyName ?? null,
    createdAt: daysAgo(random.int(20, 300)),
  }));

  const rows = await tx.insert(users).values([...providerRows, ...memberRows]).returning();
  const byEmail = new Map(rows.map((row) => [row.email, row]));
  return {
    providersByKey: new Map(providerSeeds.map((seed) => [seed.key, byEmail.get(seed.email)!])),
    members: memberRows.map((row) => byEmail.get(row.email)!),
  };
}
