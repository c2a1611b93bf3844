import { describe, expect, it } from 'vitest';
import { reviews } from '../../../db/schema/reviews';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const serviceCategory = await createCategory(db, { type: 'services' });
const toolCategory = await createCategory(db, { type: 'tools' });
const reviewers = await Promise.all([1, 2, 3].map(() => createUser(app, db)));

const listingOf = (providerId: string, type: 'tools' | 'services', overrides: Partial<Parameters<typeof createListing>[1]> = {}) =>
  createListing(db, { type, providerId, categoryId: type === 'tools' ? toolCategory.id : serviceCategory.id, ...overrides });

const get = (idOrSlug: string) => app.inject({ url: `/api/providers/${encodeURIComponent(idOrSlug)}` });

describe('GET /api/providers/:idOrSlug', () => {
  it('shows the provider, their live listings of both types and the mean of all their reviews', async () => {
    const provider = await createUser(app, db, {
      isProvider: true,
      companyName: 'Acme Agency',
      website: 'https://acme.example',
      bio: 'We build things.',
      profileImageUrl: '/api/images/7',
    });
    const service = await listingOf(provider.id, 'services', { createdAt: new Date('2026-01-01') });
    const tool = await listingOf(provider.id, 'tools', { createdAt: new Date('2026-01-02') });
    const featured = await listingOf(provider.id, 'services', { isFeatured: true, createdAt: new Date('2025-06-01') });
    const hidden = await listingOf(provider.id, 'services', { status: 'rejected' });
    // 5 + 4 + 4 over two live listings = 4.333 -> 4.3; the hidden listing's review does not count.
    await db.insert(reviews).values([
      { listingId: service.id, userId: reviewers[0]!.id, rating: 5, comment: 'Great' },
      { listingId: service.id, userId: reviewers[1]!.id, rating: 4, comment: 'Good' },
      { listingId: tool.id, userId: reviewers[0]!.id, rating: 4, comment: 'Handy' },
      { listingId: hidden.id, userId: reviewers[2]!.id, rating: 1, comment: 'Hidden' },
    ]);

    for (const key of [provider.id, provider.slug]) {
      const res = await get(key);
      expect(res.statusCode).toBe(200);
      const profile = res.json();
      expect(profile).toMatchObject({
        id: provider.id,
        slug: provider.slug,
        firstName: provider.firstName,
        lastName: provider.lastName,
        companyName: 'Acme Agency',
        website: 'https://acme.example',
        bio: 'We build things.',
        profileImageUrl: '/api/images/7',
        createdAt: provider.createdAt.toISOString(),
        rating: 4.3,
        reviewCount: 3,
        listingCounts: { services: 2, tools: 1 },
      });
      expect(profile.listings.map((l: { id: number }) => l.id)).toEqual([featured.id, tool.id, service.id]);
      expect(profile).not.toHaveProperty('passwordHash');
      expect(profile).not.toHaveProperty('email');
      expect(profile).not.toHaveProperty('isAdmin');
    }
  });

  it('shows a provider without listings with a rating of 0', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const res = await get(provider.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rating: 0, reviewCount: 0, listings: [], listingCounts: { services: 0, tools: 0 } });
  });

  it('shows someone who is not flagged a provider but has a live listing', async () => {
    const user = await createUser(app, db);
    await listingOf(user.id, 'tools');
    expect((await get(user.id)).statusCode).toBe(200);
  });

  it('answers 404 for members, members with only unpublished listings, and unknown ids', async () => {
    const member = await createUser(app, db);
    const memberWithPending = await createUser(app, db);
    await listingOf(memberWithPending.id, 'services', { status: 'pending' });
    for (const key of [member.id, member.slug, memberWithPending.slug, 'nobody', "'; select 1; --", '0']) {
      const res = await get(key);
      expect(res.statusCode, key).toBe(404);
      expect(res.json()).toEqual({ message: 'Provider not found' });
    }
  });
});
