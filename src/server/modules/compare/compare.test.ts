import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import type { CompareJson } from '../../../shared/schemas/compare';
import { createRenderedTestApp } from '../../../../test/rendered-test-app';

// The comparison (/compare?ids=): its API answer and its server-rendered page. Numbers a viewer
// may not see must be absent from both, as on the listing's own page.
const { app, db } = await createRenderedTestApp();

const provider = await createUser(app, db, { isProvider: true, companyName: 'Northwind' });
const member = await createUser(app, db);
const services = await createCategory(db, { type: 'services', name: 'Reporting', slug: 'reporting' });
const tools = await createCategory(db, { type: 'tools', name: 'Analytics', slug: 'analytics' });
const listing = (slug: string, overrides: Partial<Parameters<typeof createListing>[1]> = {}) =>
  createListing(db, { providerId: provider.id, categoryId: services.id, slug, title: slug.replaceAll('-', ' '), price: '120.00', priceType: 'monthly', deliveryTime: 3, ...overrides });

const open = await listing('open-reports');
await createPartnerProgramme(db, open.id, { wholesalePrice: '60', suggestedRetailPrice: '100' });
// Distinctive amounts, so their absence from an answer means something.
const membersOnly = await listing('members-reports', { deliveryTime: 7 });
await createPartnerProgramme(db, membersOnly.id, { visibility: 'members', wholesalePrice: '61.37', suggestedRetailPrice: '97.43' });
const onRequest = await listing('request-reports');
await createPartnerProgramme(db, onRequest.id, { visibility: 'on_request', wholesalePrice: '52.19', suggestedRetailPrice: '93.71' });
const plain = await listing('plain-tool', { type: 'tools', categoryId: tools.id, price: '49.00' });
const pending = await listing('pending-reports', { status: 'pending' });

const compare = (ids: string, cookie?: string) => app.inject({ url: `/api/compare?ids=${ids}`, headers: cookie ? { cookie } : {} });

describe('GET /api/compare', () => {
  it('answers the listings in canonical (ascending) order, whatever order was asked, each with its programme', async () => {
    const res = await compare(`${plain.id},${open.id},${open.id},${membersOnly.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as CompareJson;
    const expected = [open.id, membersOnly.id, plain.id].sort((a, b) => a - b);
    expect(body.ids).toEqual(expected);
    expect(body.items.map((item) => item.listing.id)).toEqual(expected);
    const byId = new Map(body.items.map((item) => [item.listing.id, item]));
    expect(byId.get(plain.id)!.programme).toBeNull();
    expect(byId.get(open.id)!.programme).toMatchObject({ wholesalePrice: '60.00', numbersHidden: false, figures: { margin: 40 } });
    expect(byId.get(open.id)!.listing).toMatchObject({ price: '120.00', deliveryTime: 3, reviewCount: 0 });
  });

  it('leaves out listings that are not live, and refuses what is not a list of at most four ids', async () => {
    expect((await compare(`${pending.id},${open.id}`)).json().ids).toEqual([open.id]);
    expect((await compare('999999')).json()).toEqual({ ids: [], items: [] });
    for (const [ids, message] of [
      ['', 'ids must be listing ids, comma-separated'],
      ['1,abc', 'ids must be listing ids, comma-separated'],
      ['1,2,3,4,5', 'At most 4 listings can be compared'],
    ] as const) {
      const res = await compare(ids);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await app.inject({ url: '/api/compare' })).statusCode).toBe(400);
  });

  it("shows each programme's numbers only to those its visibility allows", async () => {
    const ids = `${open.id},${membersOnly.id},${onRequest.id}`;
    const asVisitor = await compare(ids);
    expect(asVisitor.body).not.toContain('61.37');
    expect(asVisitor.body).not.toContain('52.19');
    const visitorItems = new Map((asVisitor.json() as CompareJson).items.map((item) => [item.listing.id, item.programme!]));
    expect(visitorItems.get(membersOnly.id)).toMatchObject({ numbersHidden: true, wholesalePrice: null, figures: { margin: null, earningsPerClientMonth: null } });

    const asMember = await compare(ids, member.cookie);
    expect(asMember.body).toContain('61.37');
    expect(asMember.body).not.toContain('52.19');
    expect(asMember.headers['cache-control']).toContain('private');

    const asOwner = await compare(ids, provider.cookie);
    expect(asOwner.body).toContain('52.19');
  });
});

const textOf = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'))
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the /compare page, rendered on the server', () => {
  it('shows the listings side by side with the differing rows marked, and names the canonical order', async () => {
    const res = await app.inject({ url: `/compare?ids=${plain.id},${open.id}&price=110&clients=3` });
    expect(res.statusCode).toBe(200);
    const [low, high] = [open.id, plain.id].sort((a, b) => a - b);
    expect(res.body).toContain(`<link rel="canonical" href="https://dir.example.org/compare?ids=${low},${high}" />`);
    expect(res.body).toContain('<title>Compare Listings');
    const text = textOf(res.body);
    expect(text).toContain('open reports');
    expect(text).toContain('plain tool');
    expect(text).toContain('No partner programme');
    // The shared calculation: 3 clients at $110 against $60 wholesale is $150 a month.
    expect(text).toContain('Your profit at $110, 3 clients');
    expect(text).toContain('$150');
    // Price differs ($120/mo against $49/mo), delivery does not (3 days each).
    expect(res.body).toMatch(/<tr class="[^"]*bg-amber-50[^"]*" data-differs="true"><th scope="row"[^>]*>Price<span/);
    expect(res.body).not.toMatch(/data-differs="true"><th scope="row"[^>]*>Delivery/);
  });

  it('never carries numbers the viewer may not see, in the markup or the query state', async () => {
    const url = `/compare?ids=${open.id},${membersOnly.id},${onRequest.id}`;
    const asVisitor = await app.inject({ url });
    expect(asVisitor.statusCode).toBe(200);
    for (const hidden of ['61.37', '97.43', '52.19', '93.71']) expect(asVisitor.body).not.toContain(hidden);
    expect(textOf(asVisitor.body)).toContain('Members only');
    expect(textOf(asVisitor.body)).toContain('On request');

    const asMember = await app.inject({ url, headers: { cookie: member.cookie } });
    expect(asMember.body).toContain('$61.37/mo');
    expect(asMember.body).not.toContain('52.19');
  });

  it('says so when nothing is compared', async () => {
    const res = await app.inject({ url: '/compare' });
    expect(res.statusCode).toBe(200);
    expect(textOf(res.body)).toContain('Nothing to compare yet.');
  });
});

describe('the "Compare" links', () => {
  it('are plain links that stay on the page they are on, adding the listing to its comparison, which the tray shows', async () => {
    const list = await app.inject({ url: `/services?compare=${open.id}` });
    expect(list.body).toContain(`href="/services?compare=${open.id},${membersOnly.id}"`);
    // The tray, rendered from the address, leads to the comparison and remembers the results.
    expect(list.body).toContain('data-testid="compare-tray"');
    expect(list.body).toContain(`href="/compare?ids=${open.id}&amp;from=%2Fservices"`);
    const page = await app.inject({ url: '/service/members-reports' });
    expect(page.body).toContain(`href="/service/members-reports?compare=${membersOnly.id}"`);
  });

  it('refuse a fifth listing in the address with a message', async () => {
    const list = await app.inject({ url: `/services?compare=${open.id},900001,900002,900003,900004` });
    expect(list.body).toContain('data-testid="compare-refused"');
    expect(list.body).toContain('You can compare up to 4 listings');
  });
});
