import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';

const { app, db } = await createTestApp({ siteUrl: 'https://dir.example.org' });
const site = 'https://dir.example.org';
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);

const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { slug: 'partner-terms' });
// Amounts no other text of a sitemap holds (dates and ids are short), each on terms crawlers may not see.
const hidden = { wholesalePrice: '7391.17', suggestedRetailPrice: '8462.29', minRetailPrice: '8123.41', setupFeeWholesale: '6257.53', setupFeeSuggested: '6318.67', payoutMinimum: '5483.79' };
for (const visibility of ['members', 'on_request'] as const) {
  const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: `terms-${visibility.replace('_', '-')}`, price: '9000.00', priceType: 'monthly', deliveryTime: 5 });
  await createPartnerProgramme(db, listing.id, { visibility, ...hidden, types: ['white_label_resale', 'referral'], commissionType: 'flat', commissionValue: '4729.83', commissionMonths: 12 });
}

describe('the sitemap and partner programmes', () => {
  it('lists listings with members-only and on-request terms, and none of their numbers', async () => {
    const index = await app.inject({ url: '/sitemap.xml' });
    const bodies = [index.body];
    for (const file of locs(index.body)) bodies.push((await app.inject({ url: file.slice(site.length) })).body);
    const text = bodies.join('\n');
    expect(text).toContain(`${site}/service/terms-members`);
    expect(text).toContain(`${site}/service/terms-on-request`);
    for (const amount of [...Object.values(hidden), '4729.83']) {
      // Whole, or as the integer part a formatter might leave.
      expect(text).not.toContain(amount.split('.')[0]);
    }
  });
});
