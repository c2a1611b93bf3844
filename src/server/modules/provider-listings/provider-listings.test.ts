import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { images } from '../../../db/schema/images';
import { listings } from '../../../db/schema/listings';
import { favorites, reviews } from '../../../db/schema/reviews';
import { auditLog } from '../../../db/schema/audit';
import { approveListing, rejectListing } from '../listings/listing-moderation';

const { app, db } = await createTestApp();

const serviceCategory = await createCategory(db, { type: 'services' });
const toolCategory = await createCategory(db, { type: 'tools' });

const servicePayload = (overrides: Record<string, unknown> = {}) => ({
  title: 'Local SEO Audit',
  description: 'A full audit of your local search presence.',
  shortDescription: 'Find out why customers miss you',
  categoryId: serviceCategory.id,
  price: '499.5',
  priceType: 'fixed',
  deliveryTime: 7,
  tags: ['seo', ' local ', ''],
  features: 'Report, Call , ,Checklist',
  type: 'services',
  ...overrides,
});

const toolPayload = (overrides: Record<string, unknown> = {}) => ({
  title: 'Report Builder',
  description: 'White-label reports for agencies.',
  categoryId: toolCategory.id,
  price: '',
  tags: 'reports, white label',
  features: [],
  type: 'tools',
  ...overrides,
});

type Cookie = string | undefined;
const post = (type: string, payload: unknown, cookie?: Cookie) =>
  app.inject({ method: 'POST', url: `/api/${type}`, payload: payload as object, headers: cookie ? { cookie } : {} });
const patch = (type: string, id: number | string, payload: unknown, cookie?: Cookie) =>
  app.inject({ method: 'PATCH', url: `/api/${type}/${id}`, payload: payload as object, headers: cookie ? { cookie } : {} });
const remove = (type: string, id: number | string, cookie?: Cookie) =>
  app.inject({ method: 'DELETE', url: `/api/provider/${type}/${id}`, headers: cookie ? { cookie } : {} });
const get = (url: string, cookie?: Cookie) => app.inject({ url, headers: cookie ? { cookie } : {} });

const rowOf = async (id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0]!;

describe('creating a listing', () => {
  it('stores a provider service as pending, with the parsed payload and a slug from the title', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const res = await post('services', servicePayload(), provider.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'services',
      status: 'pending',
      title: 'Local SEO Audit',
      slug: 'local-seo-audit',
      price: '499.50',
      priceType: 'fixed',
      deliveryTime: 7,
      tags: ['seo', 'local'],
      features: ['Report', 'Call', 'Checklist'],
      websiteUrl: null,
      isFeatured: false,
      rejectionReason: null,
      hasPendingChanges: false,
      provider: { id: provider.id },
      category: { name: serviceCategory.name },
    });
  });

  it('gives clashing titles -2, -3 ... and keeps digits-only titles apart from ids', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await post('tools', toolPayload({ title: 'Rank Tracker!' }), provider.cookie)).json().slug);
    expect(slugs).toEqual(['rank-tracker', 'rank-tracker-2', 'rank-tracker-3']);
    expect((await post('services', servicePayload({ title: 'Rank Tracker' }), provider.cookie)).json().slug).toBe('rank-tracker');
    expect((await post('tools', toolPayload({ title: '2024' }), provider.cookie)).json().slug).toBe('tool-2024');
  });

  it('ignores status, rating, counters and the type sent by the client; refuses isFeatured and providerId from providers', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    const res = await post(
      'tools',
      toolPayload({ type: 'services', status: 'approved', rating: 5, reviewCount: 99, viewCount: 1000 }),
      provider.cookie,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'tools', status: 'pending', rating: 0, reviewCount: 0, viewCount: 0 });

    for (const extra of [{ isFeatured: true }, { isFeatured: false }, { providerId: other.id }]) {
      const refused = await post('tools', toolPayload(extra), provider.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only administrators can feature a listing or choose its provider.');
    }
  });

  it('approves an administrator\'s listing at once, with isFeatured and a chosen provider', async () => {
    const admin = await createUser(app, db, { isAdmin: true });
    const provider = await createUser(app, db, { isProvider: true });
    const own = await post('services', servicePayload(), admin.cookie);
    expect(own.json()).toMatchObject({ status: 'approved', isFeatured: false, provider: { id: admin.id } });

    const forProvider = await post('services', servicePayload({ isFeatured: true, providerId: provider.id }), admin.cookie);
    expect(forProvider.statusCode).toBe(201);
    expect(forProvider.json()).toMatchObject({ status: 'approved', isFeatured: true, provider: { id: provider.id } });

    const member = await createUser(app, db);
    for (const providerId of ['no-such-user', member.id]) {
      const res = await post('services', servicePayload({ providerId }), admin.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Provider not found');
    }
  });

  it('requires a category of the route\'s type', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    for (const categoryId of [toolCategory.id, 999999]) {
      const res = await post('services', servicePayload({ categoryId }), provider.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ categoryId: 'Please choose a service category' });
    }
  });
});

describe('validation messages (SPEC.md section 5)', () => {
  const expectErrors = async (type: string, payload: unknown, errors: Record<string, string>) => {
    const provider = await createUser(app, db, { isProvider: true });
    const res = await post(type, payload, provider.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject(errors);
  };

  it('answers each required field with the spec\'s message', async () => {
    await expectErrors('services', { priceType: 'fixed' }, {
      title: 'Title is required',
      description: 'Description is required',
      categoryId: 'Category is required',
      deliveryTime: 'Delivery time is required',
    });
    await expectErrors('services', servicePayload({ title: '   ', description: ' ', categoryId: '', deliveryTime: '' }), {
      title: 'Title is required',
      description: 'Description is required',
      categoryId: 'Category is required',
      deliveryTime: 'Delivery time is required',
    });
  });

  it('limits the title to 200 and the short description to 500 characters', async () => {
    await expectErrors('services', servicePayload({ title: 'x'.repeat(201), shortDescription: 'y'.repeat(501) }), {
      title: 'Title must be less than 200 characters',
      shortDescription: 'Short description must be less than 500 characters',
    });
    const provider = await createUser(app, db, { isProvider: true });
    const res = await post('services', servicePayload({ title: 'x'.repeat(200), shortDescription: 'y'.repeat(500) }), provider.cookie);
    expect(res.statusCode).toBe(201);
  });

  it('accepts only http(s) website addresses for tools', async () => {
    for (const websiteUrl of ['not a url', 'javascript:alert(1)', 'ftp://example.com', 'http://']) {
      await expectErrors('tools', toolPayload({ websiteUrl }), { websiteUrl: 'Please enter a valid URL' });
    }
  });

  it('adds https:// to a tool website given without a scheme', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const res = await post('tools', toolPayload({ websiteUrl: 'tool.example/pricing' }), provider.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().websiteUrl).toBe('https://tool.example/pricing');
  });

  it('checks prices, delivery time and the price type', async () => {
    await expectErrors('services', servicePayload({ price: '12.345' }), { price: 'Price must be a number with at most two decimals' });
    await expectErrors('services', servicePayload({ price: '-5' }), { price: 'Price must be a number with at most two decimals' });
    await expectErrors('services', servicePayload({ deliveryTime: 2.5 }), { deliveryTime: 'Delivery time is required' });
    await expectErrors('services', servicePayload({ priceType: 'weekly' }), { priceType: 'Price type is required' });
  });

  it('treats an empty price as "Contact for pricing" and numbers as text', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    expect((await post('services', servicePayload({ price: null, deliveryTime: '3', categoryId: String(serviceCategory.id) }), provider.cookie)).json())
      .toMatchObject({ price: null, deliveryTime: 3 });
    expect((await post('services', servicePayload({ price: 120 }), provider.cookie)).json().price).toBe('120.00');
  });

  it('answers 400, never 500, for bodies and ids of the wrong shape', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const bodies = ['[1]', '"text"', '{"title": {"nested": true}}', '{"tags": [1,2]}', '{'];
    for (const body of bodies) {
      const res = await app.inject({ method: 'POST', url: '/api/tools', payload: body, headers: { cookie: provider.cookie, 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
    const nul = String.fromCharCode(0);
    for (const payload of [toolPayload({ title: `a${nul}b` }), toolPayload({ tags: [`x${nul}`] }), toolPayload({ websiteUrl: `https://a.test/${nul}` })]) {
      const res = await post('tools', payload, provider.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Text must not contain NUL characters');
    }
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      expect((await patch('tools', id, toolPayload(), provider.cookie)).statusCode).toBe(400);
      expect((await remove('tools', id, provider.cookie)).statusCode).toBe(400);
    }
    for (const query of ['?status=live', '?limit=0', '?limit=abc', '?offset=-1', '?type=things']) {
      expect((await get(`/api/provider/services${query}`, provider.cookie)).statusCode).toBe(400);
    }
  });
});

describe('the approval workflow', () => {
  it('create -> pending -> approve -> edit (proposal, live version kept) -> approve applies it', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const created = (await post('services', servicePayload({ title: 'Workflow Service' }), provider.cookie)).json();
    expect(created.status).toBe('pending');

    // Edits before approval apply directly, and the slug follows the title while nobody can see it.
    const renamed = await patch('services', created.id, servicePayload({ title: 'Workflow Service Pro' }), provider.cookie);
    expect(renamed.json()).toMatchObject({ status: 'pending', slug: 'workflow-service-pro', title: 'Workflow Service Pro' });

    await approveListing(db, 'services', created.id);
    expect((await rowOf(created.id)).status).toBe('approved');

    const edit = await patch('services', created.id, servicePayload({ title: 'Workflow Service Max', price: '999' }), provider.cookie);
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ status: 'approved', title: 'Workflow Service Pro', price: '499.50', hasPendingChanges: true });
    const proposed = await rowOf(created.id);
    expect(proposed.pendingChanges).toMatchObject({ title: 'Workflow Service Max', price: '999.00' });

    // The provider's list shows the pending update too.
    const own = (await get('/api/provider/services?status=approved', provider.cookie)).json();
    expect(own.find((l: { id: number }) => l.id === created.id)).toMatchObject({
      hasPendingChanges: true,
      title: 'Workflow Service Pro',
      pendingChanges: { title: 'Workflow Service Max', price: '999.00' },
    });

    const approved = await approveListing(db, 'services', created.id);
    expect(approved).toMatchObject({ title: 'Workflow Service Max', price: '999.00', pendingChanges: null, status: 'approved', slug: 'workflow-service-pro' });
  });

  it('runs through the administrators\' HTTP moderation routes too', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const admin = await createUser(app, db, { isAdmin: true });
    const moderate = (id: number, action: 'approve' | 'reject', payload?: object) =>
      app.inject({ method: 'POST', url: `/api/admin/tools/${id}/${action}`, headers: { cookie: admin.cookie }, ...(payload && { payload }) });

    const created = (await post('tools', toolPayload({ title: 'Routed Tool' }), provider.cookie)).json();
    expect((await moderate(created.id, 'approve')).statusCode).toBe(200);
    await patch('tools', created.id, toolPayload({ title: 'Routed Tool v2' }), provider.cookie);
    const pendingList = await app.inject({ url: '/api/admin/tools/pending', headers: { cookie: admin.cookie } });
    expect(pendingList.json().map((l: { id: number }) => l.id)).toContain(created.id);

    expect((await moderate(created.id, 'reject', { reason: 'Keep the old name' })).statusCode).toBe(200);
    expect((await rowOf(created.id))).toMatchObject({ status: 'approved', title: 'Routed Tool', rejectionReason: 'Keep the old name', pendingChanges: null });

    await patch('tools', created.id, toolPayload({ title: 'Routed Tool v3' }), provider.cookie);
    expect((await moderate(created.id, 'approve')).statusCode).toBe(200);
    expect(await rowOf(created.id)).toMatchObject({ title: 'Routed Tool v3', rejectionReason: null, pendingChanges: null });
    expect((await moderate(created.id, 'approve')).statusCode).toBe(409);
  });

  it('an edit that returns to the live version withdraws the proposal', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const created = (await post('services', servicePayload({ title: 'Revert Me' }), provider.cookie)).json();
    await approveListing(db, 'services', created.id);
    await patch('services', created.id, servicePayload({ title: 'Revert Me Changed' }), provider.cookie);
    const back = await patch('services', created.id, servicePayload({ title: 'Revert Me' }), provider.cookie);
    expect(back.json().hasPendingChanges).toBe(false);
  });

  it('rejecting a proposal keeps the live version and tells the provider why', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const created = (await post('services', servicePayload({ title: 'Keep Live' }), provider.cookie)).json();
    await approveListing(db, 'services', created.id);
    await patch('services', created.id, servicePayload({ title: 'Too Spammy' }), provider.cookie);
    const rejected = await rejectListing(db, 'services', created.id, 'Keep the title factual');
    expect(rejected).toMatchObject({ status: 'approved', title: 'Keep Live', pendingChanges: null, rejectionReason: 'Keep the title factual' });
    const own = (await get('/api/provider/services', provider.cookie)).json();
    expect(own.find((l: { id: number }) => l.id === created.id)).toMatchObject({ rejectionReason: 'Keep the title factual', hasPendingChanges: false });
  });

  it('editing a rejected listing resubmits it and clears the reason', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const created = (await post('tools', toolPayload({ title: 'Rejected Tool' }), provider.cookie)).json();
    await rejectListing(db, 'tools', created.id, 'Needs a description of pricing');
    const listed = (await get('/api/provider/services?status=rejected', provider.cookie)).json();
    expect(listed).toEqual([expect.objectContaining({ id: created.id, rejectionReason: 'Needs a description of pricing' })]);

    const res = await patch('tools', created.id, toolPayload({ title: 'Rejected Tool', description: 'Now with pricing' }), provider.cookie);
    expect(res.json()).toMatchObject({ status: 'pending', rejectionReason: null, description: 'Now with pricing' });
  });

  it('moderation answers 409 for anything not awaiting review and 404 for a missing listing', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const live = await createListing(db, { providerId: provider.id, categoryId: serviceCategory.id, status: 'approved' });
    await expect(approveListing(db, 'services', live.id)).rejects.toMatchObject({ statusCode: 409, message: 'Only pending items can be approved' });
    await expect(rejectListing(db, 'services', live.id, null)).rejects.toMatchObject({ statusCode: 409, message: 'Only pending items can be rejected' });
    await expect(approveListing(db, 'tools', live.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('administrators\' edits apply directly, may feature, and resubmit a rejected listing', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const admin = await createUser(app, db, { isAdmin: true });
    const live = (await post('services', servicePayload({ title: 'Admin Edits Me' }), provider.cookie)).json();
    await approveListing(db, 'services', live.id);
    await patch('services', live.id, servicePayload({ title: 'Proposed By Owner' }), provider.cookie);
    const res = await patch('services', live.id, servicePayload({ title: 'Edited By Admin', isFeatured: true }), admin.cookie);
    expect(res.json()).toMatchObject({ status: 'approved', title: 'Edited By Admin', isFeatured: true, hasPendingChanges: false, slug: 'admin-edits-me' });

    // The dialog sends the current owner back; that stays fine after the owner stopped being a provider.
    const former = await createUser(app, db, { isProvider: false });
    const orphan = await createListing(db, { providerId: former.id, categoryId: serviceCategory.id });
    expect((await patch('services', orphan.id, servicePayload({ providerId: former.id }), admin.cookie)).statusCode).toBe(200);
    const moved = await patch('services', orphan.id, servicePayload({ providerId: provider.id }), admin.cookie);
    expect(moved.json().provider.id).toBe(provider.id);

    const rejected = (await post('services', servicePayload({ title: 'Rejected By Admin' }), provider.cookie)).json();
    await rejectListing(db, 'services', rejected.id, 'no');
    expect((await patch('services', rejected.id, servicePayload({ title: 'Fixed By Admin' }), admin.cookie)).json()).toMatchObject({
      status: 'pending',
      rejectionReason: null,
    });
  });
});

describe('slugs of renamed listings', () => {
  const pendingService = (providerId: string) => createListing(db, { providerId, categoryId: serviceCategory.id, status: 'pending' });

  it('a second listing renamed to a taken title gets a suffixed slug, not a 409', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    const [first, second] = [await pendingService(provider.id), await pendingService(other.id)];
    const renamedFirst = await patch('services', first.id, servicePayload({ title: 'Same New Title' }), provider.cookie);
    const renamedSecond = await patch('services', second.id, servicePayload({ title: 'Same New Title' }), other.cookie);
    expect([renamedFirst.statusCode, renamedSecond.statusCode]).toEqual([200, 200]);
    expect([renamedFirst.json().slug, renamedSecond.json().slug]).toEqual(['same-new-title', 'same-new-title-2']);
    // Saving again under the same title keeps the slug it has rather than moving to a new suffix.
    expect((await patch('services', second.id, servicePayload({ title: 'Same New Title', description: 'Changed' }), other.cookie)).json().slug)
      .toBe('same-new-title-2');
  });

  it('two renames to the same title at the same moment both succeed with distinct slugs', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const [first, second] = [await pendingService(provider.id), await pendingService(provider.id)];
    const answers = await Promise.all(
      [first, second].map((listing) => patch('services', listing.id, servicePayload({ title: 'Raced Title' }), provider.cookie)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(answers.map((res) => res.json().slug).sort()).toEqual(['raced-title', 'raced-title-2']);
  });
});

describe('deleting a listing', () => {
  it('removes it with its favourites and reviews, and answers 204', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const member = await createUser(app, db);
    const listing = await createListing(db, { providerId: provider.id, categoryId: serviceCategory.id });
    await db.insert(favorites).values({ userId: member.id, listingId: listing.id });
    await db.insert(reviews).values({ userId: member.id, listingId: listing.id, rating: 4, comment: 'Good' });

    const res = await remove('services', listing.id, provider.cookie);
    expect(res.statusCode).toBe(204);
    expect(await db.select().from(listings).where(eq(listings.id, listing.id))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.listingId, listing.id))).toEqual([]);
    expect(await db.select().from(reviews).where(eq(reviews.listingId, listing.id))).toEqual([]);
    expect((await remove('services', listing.id, provider.cookie)).statusCode).toBe(404);
  });

  it('takes the screenshots of a deleted tool with it', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const image = { kind: 'screenshot' as const, contentType: 'image/webp', width: 1, height: 1, data: Buffer.from('x'), ownerId: provider.id };
    await db.insert(images).values([{ id: 'live-shot', ...image }, { id: 'proposed-shot', ...image }, { id: 'unrelated-shot', ...image }]);
    const tool = await createListing(db, {
      providerId: provider.id,
      categoryId: toolCategory.id,
      type: 'tools',
      screenshotUrl: '/api/images/live-shot',
      pendingChanges: {
        title: 't', description: 'd', shortDescription: null, categoryId: toolCategory.id, price: null, priceType: null, deliveryTime: null,
        tags: [], features: [], websiteUrl: 'https://new.example', screenshotUrl: '/api/images/proposed-shot', submittedAt: new Date().toISOString(),
      },
    });
    expect((await remove('tools', tool.id, provider.cookie)).statusCode).toBe(204);
    const left = await db.select({ id: images.id }).from(images).where(inArray(images.id, ['live-shot', 'proposed-shot', 'unrelated-shot']));
    expect(left.map((row) => row.id)).toEqual(['unrelated-shot']);
  });

  it('answers 404 for an id of the other type', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const tool = await createListing(db, { providerId: provider.id, categoryId: toolCategory.id, type: 'tools' });
    expect((await remove('services', tool.id, provider.cookie)).statusCode).toBe(404);
    expect((await remove('tools', tool.id, provider.cookie)).statusCode).toBe(204);
  });
});

describe('the provider\'s own listings', () => {
  it('lists both types, every status, newest first, with paging and a total', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    const made = [];
    for (const [type, status, categoryId] of [
      ['services', 'approved', serviceCategory.id],
      ['tools', 'pending', toolCategory.id],
      ['services', 'rejected', serviceCategory.id],
    ] as const) {
      made.push(await createListing(db, { providerId: provider.id, categoryId, type, status }));
    }
    await createListing(db, { providerId: other.id, categoryId: serviceCategory.id, status: 'pending' });

    const all = await get('/api/provider/services', provider.cookie);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json().map((l: { id: number }) => l.id)).toEqual(made.map((l) => l.id).reverse());

    const pending = (await get('/api/provider/services?status=pending', provider.cookie)).json();
    expect(pending.map((l: { id: number }) => l.id)).toEqual([made[1]!.id]);

    const paged = await get('/api/provider/services?limit=1&offset=1', provider.cookie);
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.json().map((l: { id: number }) => l.id)).toEqual([made[1]!.id]);
    expect((await get('/api/provider/services?type=tools', provider.cookie)).json()).toHaveLength(1);
  });
});

// Who may do what: provider-permissions.test.ts.

describe('the audit log of listings administrators write', () => {
  it('records an administrator creating and editing a listing, and nothing for a provider', async () => {
    const admin = await createUser(app, db, { isAdmin: true });
    const provider = await createUser(app, db, { isProvider: true });
    const entriesFor = async (id: number) =>
      (await db.select().from(auditLog).where(eq(auditLog.entityId, String(id)))).map((entry) => [entry.action, entry.actorId]);

    const created = await post('services', servicePayload({ title: 'Audited Service' }), admin.cookie);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(await entriesFor(id)).toEqual([['listing.create', admin.id]]);

    expect((await patch('services', id, servicePayload({ title: 'Audited Service, renamed' }), admin.cookie)).statusCode).toBe(200);
    expect(await entriesFor(id)).toEqual([
      ['listing.create', admin.id],
      ['listing.edit', admin.id],
    ]);

    const own = await post('services', servicePayload({ title: 'Provider Service' }), provider.cookie);
    expect(own.statusCode).toBe(201);
    expect(await entriesFor(own.json().id)).toEqual([]);
  });
});
