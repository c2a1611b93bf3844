import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { partnerProgrammes } from '../../../db/schema/partner-programmes';
import type { ListingSummary, ProviderProfile } from '../../../shared/types';
import { refreshTrendingScores } from '../listings/trending.queries';

// The programme line of every list of cards: favourites and the provider profile carry what this
// viewer may see, as the catalogue does; featured and trending are cached for everyone, so they
// carry a visitor's view whoever asks.
const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true, companyName: 'Cardwise', slug: 'cardwise' });
const member = await createUser(app, db);
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db, { type: 'services' });
const service = (slug: string) =>
  createListing(db, { providerId: provider.id, categoryId: category.id, slug, price: '120.00', priceType: 'monthly', isFeatured: true });

const open = await service('open-cards');
await createPartnerProgramme(db, open.id);
await db.update(partnerProgrammes).set({ verifiedAt: new Date('2026-10-05T12:00:00Z'), verificationSource: 'document' });
// Distinctive amounts: 61.37 wholesale at 97.43 retail is a 37% margin.
const membersOnly = await service('members-cards');
await createPartnerProgramme(db, membersOnly.id, { visibility: 'members', wholesalePrice: '61.37', suggestedRetailPrice: '97.43' });
const onRequest = await service('request-cards');
await createPartnerProgramme(db, onRequest.id, { visibility: 'on_request', wholesalePrice: '52.19', suggestedRetailPrice: '93.71' });
const without = await service('plain-cards');

const get = (url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });
const byId = (items: ListingSummary[]) => new Map(items.map((item) => [item.id, item.partner]));

for (const user of [member, provider, admin]) {
  for (const listing of [open, membersOnly, onRequest, without]) {
    await app.inject({ method: 'POST', url: `/api/favorites/${listing.id}`, headers: { cookie: user.cookie } });
  }
}

describe('favourites', () => {
  it("carry each programme as the member may see it: members' numbers, never those on request", async () => {
    const res = await get('/api/favorites', member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const cards = byId(res.json());
    expect(cards.get(open.id)).toMatchObject({ types: ['white_label_resale'], numbersHidden: false, margin: 40, verifiedAt: '2026-10-05T12:00:00.000Z', stale: false });
    expect(cards.get(membersOnly.id)).toMatchObject({ visibility: 'members', numbersHidden: false, margin: 37 });
    expect(cards.get(onRequest.id)).toMatchObject({ visibility: 'on_request', numbersHidden: true, margin: null, earningsPerClientMonth: null });
    expect(cards.get(without.id)).toBeNull();
    expect(res.body).not.toContain('52.19');
  });

  it('show the provider and administrators the numbers of terms on request', async () => {
    for (const user of [provider, admin]) {
      const cards = byId((await get('/api/favorites', user.cookie)).json());
      expect(cards.get(onRequest.id)).toMatchObject({ numbersHidden: false, margin: 44.3 });
    }
  });
});

describe('the provider profile', () => {
  const profile = async (cookie?: string) => {
    const res = await get('/api/providers/cardwise', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProviderProfile;
  };

  it("gives a visitor the public numbers only, and no member's or on-request figure anywhere in the answer", async () => {
    const answer = await profile();
    const cards = byId(answer.listings);
    expect(cards.get(open.id)).toMatchObject({ numbersHidden: false, margin: 40, verifiedAt: '2026-10-05T12:00:00.000Z' });
    expect(cards.get(membersOnly.id)).toMatchObject({ numbersHidden: true, margin: null, earningsPerClientMonth: null });
    expect(cards.get(onRequest.id)).toMatchObject({ numbersHidden: true, margin: null });
    expect(cards.get(without.id)).toBeNull();
  });

  it('gives a member the members-only margin, and the owner every margin', async () => {
    const asMember = byId((await profile(member.cookie)).listings);
    expect(asMember.get(membersOnly.id)).toMatchObject({ numbersHidden: false, margin: 37 });
    expect(asMember.get(onRequest.id)).toMatchObject({ numbersHidden: true, margin: null });
    const asOwner = byId((await profile(provider.cookie)).listings);
    expect(asOwner.get(onRequest.id)).toMatchObject({ numbersHidden: false, margin: 44.3 });
  });
});

describe('featured and trending, cached for everyone', () => {
  it("carry a visitor's view even to a signed-in member, so a shared entry holds no member's numbers", async () => {
    // The member asks first: were the answer the member's, the visitor after would get it from the cache.
    const first = await get('/api/services/featured?limit=10', member.cookie);
    const then = await get('/api/services/featured?limit=10');
    for (const res of [first, then]) {
      expect(res.statusCode, res.body).toBe(200);
      const cards = byId(res.json());
      expect(cards.get(open.id)).toMatchObject({ numbersHidden: false, margin: 40 });
      expect(cards.get(membersOnly.id)).toMatchObject({ numbersHidden: true, margin: null });
    }
    // Trending reads stored scores: compute them as the minute's refresh would.
    await refreshTrendingScores(db, new Date());
    for (const cookie of [admin.cookie, provider.cookie, undefined]) {
      const trending = await get('/api/services/trending?limit=20', cookie);
      expect(trending.statusCode, trending.body).toBe(200);
      const cards = byId(trending.json());
      expect(cards.get(membersOnly.id)).toMatchObject({ numbersHidden: true, margin: null });
      expect(cards.get(onRequest.id)).toMatchObject({ numbersHidden: true, margin: null });
      expect(cards.get(open.id)).toMatchObject({ numbersHidden: false, margin: 40 });
    }
  });
});
