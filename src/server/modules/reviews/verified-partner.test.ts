import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser, type TestUser } from '../../../../test/factories';
import { partnerApplications } from '../../../db/schema/partner-applications';
import { reviews } from '../../../db/schema/reviews';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// The Verified partner badge (docs/decisions/partner-applications.md): a fact from the directory's
// records, an approved partner application for the listing before the review was written.
const { app, db } = await createRenderedTestApp();

const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services' });
const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'badge-suite', title: 'Badge suite', price: '50.00', priceType: 'monthly' });
await createPartnerProgramme(db, listing.id, { visibility: 'on_request' });
const other = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'other-suite', title: 'Other suite' });
await createPartnerProgramme(db, other.id);

const form = { agencyName: 'Badge agency', agencyWebsite: 'badge.example', clientCount: 3, regions: 'EU', services: 'Ads', message: 'Hello' };
const post = (user: TestUser, url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie: user.cookie }, payload });
const review = (user: TestUser, id: number, comment: string) => post(user, `/api/services/${id}/reviews`, { rating: 5, comment });
const partnerOf = async (user: TestUser, id: number) => {
  const applied = await post(user, `/api/services/${id}/partner-applications`, form);
  await post(provider, `/api/partner-applications/${applied.json().id}/approve`, {});
  return applied.json().id as number;
};
const listed = async () => (await app.inject({ url: `/api/services/${listing.id}/reviews` })).json() as { comment: string; verifiedPartner: boolean }[];
const badgeOf = async (comment: string) => (await listed()).find((item) => item.comment === comment)?.verifiedPartner;

describe('the Verified partner badge', () => {
  it('is on a review written after the author was approved as a partner of that listing', async () => {
    const partner = await createUser(app, db);
    await partnerOf(partner, listing.id);
    const written = await review(partner, listing.id, 'Written as a partner.');
    expect(written.json().verifiedPartner).toBe(true);
    expect(await badgeOf('Written as a partner.')).toBe(true);
  });

  it('is not on a review written before the approval, nor by a partner of another listing, nor by a member still waiting', async () => {
    const early = await createUser(app, db);
    await review(early, listing.id, 'Written before the approval.');
    await db.update(reviews).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(reviews.userId, early.id));
    await partnerOf(early, listing.id);
    expect(await badgeOf('Written before the approval.')).toBe(false);

    const elsewhere = await createUser(app, db);
    await partnerOf(elsewhere, other.id);
    await review(elsewhere, listing.id, 'Partner of another listing.');
    expect(await badgeOf('Partner of another listing.')).toBe(false);

    const waiting = await createUser(app, db);
    await post(waiting, `/api/services/${listing.id}/partner-applications`, form);
    await review(waiting, listing.id, 'Still waiting.');
    expect(await badgeOf('Still waiting.')).toBe(false);
  });

  it('stays once the partnership ends: the author was a partner when they wrote', async () => {
    const former = await createUser(app, db);
    const id = await partnerOf(former, listing.id);
    await review(former, listing.id, 'Former partner.');
    await post(former, `/api/partner-applications/${id}/withdraw`, {});
    expect(await badgeOf('Former partner.')).toBe(true);
  });

  it("cannot be set by the provider's say-so: only an approval in our records counts", async () => {
    const claimed = await createUser(app, db);
    await review(claimed, listing.id, 'Resold it, trust me.');
    const rows = await db.select().from(partnerApplications).where(eq(partnerApplications.applicantId, claimed.id));
    expect(rows).toEqual([]);
    expect(await badgeOf('Resold it, trust me.')).toBe(false);
  });

  it('shows on the page with its explanation on hover and a link to How reviews work', async () => {
    const page = await app.inject({ url: '/service/badge-suite' });
    expect(page.body).toContain('Verified partner');
    expect(page.body).toMatch(/<a[^>]*href="\/how-reviews-work#verified-heading"[^>]*title="Verified partner: the provider approved/);
    expect(page.body).toMatch(/<a[^>]*href="\/how-reviews-work"[^>]*>How reviews work<\/a>/);
  });

  it('is explained on the How reviews work page, rendered on the server', async () => {
    const page = await app.inject({ url: '/how-reviews-work' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1');
    expect(page.body).toContain('The Verified partner badge');
    expect(page.body).toContain('not from what the reviewer or the provider says');
    expect(page.body).toMatch(/<title>How Reviews Work/);
  });
});
