import { slugify } from '../../shared/slug';
import type { Transaction } from '../client';
import { categories } from '../schema/categories';
import { listings } from '../schema/listings';
import { categorySeeds } from './catalogue/categories';
import type { ListingSeed, ServiceSeed, ToolSeed } from './catalogue/listing-seed';
import { providerSeeds } from './catalogue/providers';
import { serviceSeeds } from './catalogue/services';
import { toolSeeds } from './catalogue/tools';
import type { DemoUser } from './demo-accounts';
import type { Random } from './random';

const DAY = 24 * 60 * 60 * 1000;

export type DemoListing = typeof listings.$inferSelect;

/** Every listing of the catalogue with its type, in insertion order. */
export const demoListingSeeds: { type: 'services' | 'tools'; seed: ServiceSeed | ToolSeed }[] = [
  ...serviceSeeds.map((seed) => ({ type: 'services' as const, seed })),
  ...toolSeeds.map((seed) => ({ type: 'tools' as const, seed })),
];

/** Parents first (one insert), then subcategories (a second), so children can point at parent ids. */
export async function insertDemoCategories(tx: Transaction) {
  const key = (type: string, slug: string) => `${type}/${slug}`;
  const toRow = (seed: (typeof categorySeeds)[number], parentId: number | null) => ({
    type: seed.type,
    slug: seed.slug,
    name: seed.name,
    description: seed.description,
    icon: seed.icon,
    bottomContent: seed.bottomContent ?? null,
    parentId,
  });

  const parents = await tx
    .insert(categories)
    .values(categorySeeds.filter((seed) => !seed.parent).map((seed) => toRow(seed, null)))
    .returning();
  const ids = new Map(parents.map((row) => [key(row.type, row.slug), row.id]));

  const children = await tx
    .insert(categories)
    .values(categorySeeds.filter((seed) => seed.parent).map((seed) => toRow(seed, ids.get(key(seed.type, seed.parent!))!)))
    .returning();
  for (const row of children) ids.set(key(row.type, row.slug), row.id);

  return (type: string, slug: string) => {
    const id = ids.get(key(type, slug));
    if (id === undefined) throw new Error(`Demo catalogue: unknown ${type} category "${slug}"`);
    return id;
  };
}

const serviceClosings = [
  (company: string) => `Delivered by ${company}. Work starts within two business days of the kickoff call, and every deliverable can carry your agency's brand.`,
  (company: string) => `${company} works as an extension of your team: one point of contact, a shared project board and deliverables in your branding.`,
  (company: string) => `Pricing is per client. Ask ${company} about volume terms if you plan to resell this to several accounts.`,
];

const toolClosings = [
  (company: string) => `Licensed through ${company}, with partner pricing, consolidated billing and help setting up each client account.`,
  (company: string) => `${company} handles licensing and first-line support, so your team can focus on client work.`,
  (company: string) => `Agencies buying through ${company} get onboarding help and one invoice for every seat.`,
];

function describe(type: 'services' | 'tools', seed: ListingSeed, random: Random): string {
  const company = providerSeeds.find((provider) => provider.key === seed.provider)!.companyName;
  const closing = random.pick(type === 'services' ? serviceClosings : toolClosings)(company);
  return [...seed.about, closing].join('\n\n');
}

function createdAtFor(seed: ListingSeed, random: Random, now: Date): Date {
  const days = seed.status === 'pending' ? random.int(1, 6) : seed.status === 'rejected' ? random.int(5, 20) : random.int(8, 88);
  return new Date(now.getTime() - days * DAY - random.int(0, DAY));
}

export async function insertDemoListings(
  tx: Transaction,
  random: Random,
  options: {
    categoryId: (type: string, slug: string) => number;
    providersByKey: Map<string, DemoUser>;
    /** Cover and screenshot URLs by `${type}/${title}`. */
    imageUrls: Map<string, string>;
    screenshotUrls: Map<string, string>;
    now: Date;
  },
): Promise<DemoListing[]> {
  const rows = demoListingSeeds.map(({ type, seed }): typeof listings.$inferInsert => {
    const createdAt = createdAtFor(seed, random, options.now);
    const service = type === 'services' ? (seed as ServiceSeed) : undefined;
    const tool = type === 'tools' ? (seed as ToolSeed) : undefined;
    return {
      type,
      slug: slugify(seed.title),
      title: seed.title,
      description: describe(type, seed, random),
      shortDescription: seed.shortDescription,
      categoryId: options.categoryId(type, seed.category),
      price: seed.price === null ? null : seed.price.toFixed(2),
      priceType: service?.priceType ?? null,
      deliveryTime: service?.deliveryTime ?? null,
      tags: seed.tags,
      features: seed.features,
      websiteUrl: tool?.websiteUrl ?? null,
      imageUrl: options.imageUrls.get(`${type}/${seed.title}`) ?? null,
      screenshotUrl: options.screenshotUrls.get(`${type}/${seed.title}`) ?? null,
      isFeatured: seed.featured ?? false,
      featuredByEditor: seed.featured ?? false,
      status: seed.status ?? 'approved',
      rejectionReason: seed.rejectionReason ?? null,
      providerId: options.providersByKey.get(seed.provider)!.id,
      createdAt,
      // A rejected listing was last touched when the administrator turned it down.
      updatedAt: seed.status === 'rejected' ? new Date(createdAt.getTime() + random.int(1, 3) * DAY) : createdAt,
    };
  });
  return tx.insert(listings).values(rows).returning();
}
