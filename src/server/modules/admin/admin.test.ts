import { desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { images } from '../../../db/schema/images';
import { outbox } from '../../../db/schema/messages';
import { listings } from '../../../db/schema/listings';
import { reviews } from '../../../db/schema/reviews';
import { userTokens } from '../../../db/schema/users';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp({ siteUrl: 'https://dir.example.org' });
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db);

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

/** The newest audit entry must be this action by this administrator on this entity. */
async function expectAudited(action: string, entityId: string | number, details?: Record<string, unknown>) {
  const [entry] = (await asAdmin('GET', '/api/admin/audit?limit=1')).json();
  expect(entry).toMatchObject({ action, entityId: String(entityId), actor: { id: admin.id }, ...(details && { details }) });
}

const lastMailTo = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1))[0];

describe('self-protection', () => {
  it('forbids changing one\'s own admin flag and deleting oneself', async () => {
    const flag = await asAdmin('PUT', `/api/admin/users/${admin.id}/admin`, { isAdmin: false });
    expect(flag.statusCode).toBe(403);
    expect(flag.json().message).toBe('You cannot change your own admin status');
    const del = await asAdmin('DELETE', `/api/admin/users/${admin.id}`);
    expect(del.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: admin.cookie } })).json().isAdmin).toBe(true);
    // Their own provider flag is theirs to change.
    expect((await asAdmin('PUT', `/api/admin/users/${admin.id}/provider`, { isProvider: true })).statusCode).toBe(200);
  });
});

describe('users', () => {
  it('creates a user without a password and answers a one-time invitation link, also e-mailed', async () => {
    const res = await asAdmin('POST', '/api/admin/users', {
      id: '6f1c1c1e-8d1a-4f7e-9b1a-1c2d3e4f5a6b',
      slug: 'grace-hopper-a1b2c3',
      email: 'Grace@Example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
      companyName: '',
      website: 'https://navy.example',
      bio: 'Compilers',
      isAdmin: false,
      isProvider: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { user, invitationUrl } = res.json();
    expect(user).toMatchObject({ email: 'grace@example.org', isProvider: true, isAdmin: false, companyName: null, slug: 'grace-hopper-a1b2c3' });
    expect(invitationUrl).toMatch(/^https:\/\/dir\.example\.org\/invitation\?token=[\w-]{40,}$/);
    const token = new URL(invitationUrl).searchParams.get('token')!;
    const stored = await db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.purpose).toBe('invitation');
    expect(stored[0]!.tokenHash).not.toBe(token);
    expect((await lastMailTo('grace@example.org'))?.text).toContain(invitationUrl);

    const listed = (await asAdmin('GET', '/api/admin/users')).json();
    expect(listed.find((u: { id: string }) => u.id === user.id)).toMatchObject({ hasPassword: false, listingCount: 0, reviewCount: 0 });

    // The link works with the members' invitation flow, once.
    const accept = await app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, password: 'chosen-secret' } });
    expect(accept.statusCode, accept.body).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'grace@example.org', password: 'chosen-secret' } });
    expect(login.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token, password: 'another-secret' } });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
  });

  it('refuses bad or taken ids, slugs and e-mails', async () => {
    const base = { id: 'abcdefgh-1', slug: 'ada-x1', email: 'ada-x1@example.org', firstName: 'Ada', lastName: 'L' };
    expect((await asAdmin('POST', '/api/admin/users', base)).statusCode).toBe(201);
    expect((await asAdmin('POST', '/api/admin/users', { ...base, slug: 'ada-x2', email: 'b@example.org' })).statusCode).toBe(409);
    expect((await asAdmin('POST', '/api/admin/users', { ...base, id: 'abcdefgh-2', email: 'c@example.org' })).statusCode).toBe(409);
    expect((await asAdmin('POST', '/api/admin/users', { ...base, id: 'abcdefgh-3', slug: 'ada-x3', email: 'ADA-X1@example.org' })).statusCode).toBe(409);
    const bad = await asAdmin('POST', '/api/admin/users', { id: 'short', slug: 'Bad Slug', email: 'nope', firstName: '', lastName: '', website: 'ftp:x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      id: 'Invalid user id',
      email: 'Valid email is required',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      website: 'Please enter a valid URL',
    });
  });

  it('toggles the flags and 404s unknown users', async () => {
    const member = await createUser(app, db);
    const made = await asAdmin('PUT', `/api/admin/users/${member.id}/admin`, { isAdmin: true });
    expect(made.json().isAdmin).toBe(true);
    expect((await asAdmin('PUT', `/api/admin/users/${member.id}/provider`, { isProvider: true })).json().isProvider).toBe(true);
    expect((await asAdmin('PUT', `/api/admin/users/${member.id}/provider`, { isProvider: 'yes' })).statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/admin/users/nobody/admin', { isAdmin: true })).statusCode).toBe(404);
  });

  it('deletes a user with their listings, reviews, favourites and sessions, and recomputes ratings they touched', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const other = await createUser(app, db, { isProvider: true });
    const victim = await createUser(app, db, { isProvider: true });
    const reviewed = await createListing(db, { providerId: other.id, categoryId: category.id });
    const own = await createListing(db, { providerId: victim.id, categoryId: category.id });
    const friendly = await createUser(app, db);
    await db.insert(reviews).values([
      { listingId: reviewed.id, userId: victim.id, rating: 1, comment: 'bad' },
      { listingId: reviewed.id, userId: friendly.id, rating: 5, comment: 'good' },
    ]);
    await db.update(listings).set({ rating: 3, reviewCount: 2 }).where(eq(listings.id, reviewed.id));
    await app.inject({ method: 'POST', url: `/api/favorites/${reviewed.id}`, headers: { cookie: victim.cookie } });

    const res = await asAdmin('DELETE', `/api/admin/users/${victim.id}`);
    expect(res.statusCode).toBe(204);
    const [after] = await db.select().from(listings).where(eq(listings.id, reviewed.id));
    expect(after).toMatchObject({ rating: 5, reviewCount: 1 });
    expect(await db.select().from(listings).where(eq(listings.id, own.id))).toHaveLength(0);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: victim.cookie } })).statusCode).toBe(401);
    expect((await asAdmin('DELETE', `/api/admin/users/${victim.id}`)).statusCode).toBe(404);
    expect(provider).toBeTruthy();
  });
});

describe('moderation', () => {
  it('approves a pending service: live at once, provider e-mailed, recorded in the audit log', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const pending = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending', title: 'Fresh Service' });
    const queue = (await asAdmin('GET', '/api/admin/services/pending')).json();
    expect(queue.map((l: { id: number }) => l.id)).toContain(pending.id);

    const res = await asAdmin('POST', `/api/admin/services/${pending.id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('approved');
    expect((await lastMailTo(provider.email))?.subject).toContain('approved');
    const audit = (await asAdmin('GET', '/api/admin/audit?limit=1')).json();
    expect(audit[0]).toMatchObject({ action: 'listing.approve', entityId: String(pending.id), actor: { id: admin.id } });

    const again = await asAdmin('POST', `/api/admin/services/${pending.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only pending items can be approved');
  });

  it('shows a proposed edit of a live listing in the queue, and approving it applies the edit', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const live = await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'Old Title' });
    const edit = await app.inject({
      method: 'PATCH',
      url: `/api/services/${live.id}`,
      headers: { cookie: provider.cookie },
      payload: { type: 'services', title: 'New Title', description: 'New words', categoryId: category.id, price: '10', priceType: 'fixed', deliveryTime: 3, tags: [], features: [] },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const queued = (await asAdmin('GET', '/api/admin/services/pending')).json().find((l: { id: number }) => l.id === live.id);
    expect(queued).toMatchObject({ status: 'approved', title: 'Old Title', pendingChanges: { title: 'New Title' } });
    const approved = await asAdmin('POST', `/api/admin/services/${live.id}/approve`);
    expect(approved.json()).toMatchObject({ title: 'New Title', hasPendingChanges: false });
    expect((await lastMailTo(provider.email))?.subject).toContain('Changes to');
  });

  it('rejects with a reason the provider sees, and e-mails it', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, status: 'pending' });
    const res = await asAdmin('POST', `/api/admin/tools/${tool.id}/reject`, { reason: 'Add screenshots please' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Add screenshots please' });
    const own = (await app.inject({ url: '/api/provider/services', headers: { cookie: provider.cookie } })).json();
    expect(own.find((l: { id: number }) => l.id === tool.id)?.rejectionReason).toBe('Add screenshots please');
    expect((await lastMailTo(provider.email))?.text).toContain('Reason: Add screenshots please');
    expect((await asAdmin('POST', `/api/admin/tools/${tool.id}/reject`)).statusCode).toBe(409);
    expect((await asAdmin('POST', `/api/admin/services/${tool.id}/reject`)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/tools/abc/approve')).statusCode).toBe(400);
  });

  it('searches title or description case-insensitively, filters by status and counts each status', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'Zebra Migration', status: 'approved' });
    await createListing(db, { providerId: provider.id, categoryId: category.id, description: 'all about ZEBRA data', status: 'pending' });
    await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'zebra rejects', status: 'rejected' });
    const live = await asAdmin('GET', '/api/admin/listings?type=services&search=zEbRa');
    expect(live.json().map((l: { title: string }) => l.title)).toEqual(['Zebra Migration']);
    expect(live.headers['x-total-count']).toBe('1');
    expect((await asAdmin('GET', '/api/admin/listings?type=services&status=pending&search=zebra')).json()).toHaveLength(1);
    expect((await asAdmin('GET', '/api/admin/listings/counts?type=services&search=zebra')).json()).toEqual({ approved: 1, pending: 1, rejected: 1 });
    expect((await asAdmin('GET', '/api/admin/listings?type=films')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/listings?type=services&search=100%25')).statusCode).toBe(200);
  });

  it('features a listing and deletes it', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
    expect((await asAdmin('PATCH', `/api/admin/services/${listing.id}/featured`, { isFeatured: true })).json().isFeatured).toBe(true);
    expect((await asAdmin('DELETE', `/api/admin/tools/${listing.id}`)).statusCode).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/services/${listing.id}`)).statusCode).toBe(204);
    const overview = (await asAdmin('GET', '/api/admin/overview')).json();
    expect(overview.services.total).toBeGreaterThan(0);
  });
});

describe('deleting a listing', () => {
  it('takes its stored screenshots with it, live and proposed, and nothing else', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const image = { kind: 'screenshot' as const, contentType: 'image/webp', width: 1, height: 1, data: Buffer.from('x'), ownerId: provider.id };
    await db.insert(images).values([{ id: 'admin-live-shot', ...image }, { id: 'admin-proposed-shot', ...image }, { id: 'admin-other-shot', ...image }]);
    const tool = await createListing(db, {
      type: 'tools',
      providerId: provider.id,
      categoryId: category.id,
      screenshotUrl: '/api/images/admin-live-shot',
      pendingChanges: {
        title: 't', description: 'd', shortDescription: null, categoryId: category.id, price: null, priceType: null, deliveryTime: null,
        tags: [], features: [], websiteUrl: 'https://new.example', screenshotUrl: '/api/images/admin-proposed-shot', submittedAt: new Date().toISOString(),
      },
    });
    expect((await asAdmin('DELETE', `/api/admin/tools/${tool.id}`)).statusCode).toBe(204);
    const left = await db.select({ id: images.id }).from(images).where(inArray(images.id, ['admin-live-shot', 'admin-proposed-shot', 'admin-other-shot']));
    expect(left.map((row) => row.id)).toEqual(['admin-other-shot']);
  });

  it('keeps the screenshots when the delete is refused', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    await db.insert(images).values({ id: 'kept-shot', kind: 'screenshot', contentType: 'image/webp', width: 1, height: 1, data: Buffer.from('x'), ownerId: provider.id });
    const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, screenshotUrl: '/api/images/kept-shot' });
    expect((await asAdmin('DELETE', `/api/admin/services/${tool.id}`)).statusCode).toBe(404);
    expect(await db.select({ id: images.id }).from(images).where(eq(images.id, 'kept-shot'))).toHaveLength(1);
  });
});

describe('the audit log', () => {
  it('records rejections, deletions and the featured flag of listings', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const pending = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending', title: 'Audited Reject' });
    await asAdmin('POST', `/api/admin/services/${pending.id}/reject`, { reason: 'Thin' });
    await expectAudited('listing.reject', pending.id, { title: 'Audited Reject', reason: 'Thin' });

    const live = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, title: 'Audited Tool' });
    await asAdmin('PATCH', `/api/admin/tools/${live.id}/featured`, { isFeatured: true });
    await expectAudited('listing.feature', live.id, { title: 'Audited Tool', isFeatured: true });
    await asAdmin('DELETE', `/api/admin/tools/${live.id}`);
    await expectAudited('listing.delete', live.id, { title: 'Audited Tool' });
  });

  it('records user creation, both flags and deletion', async () => {
    const created = await asAdmin('POST', '/api/admin/users', { id: 'audited-user-1', slug: 'audited-user', email: 'audited@example.org', firstName: 'Au', lastName: 'Dit' });
    expect(created.statusCode, created.body).toBe(201);
    await expectAudited('user.create', 'audited-user-1', { email: 'audited@example.org', isAdmin: false, isProvider: false });
    await asAdmin('PUT', '/api/admin/users/audited-user-1/admin', { isAdmin: true });
    await expectAudited('user.admin', 'audited-user-1', { isAdmin: true });
    await asAdmin('PUT', '/api/admin/users/audited-user-1/provider', { isProvider: true });
    await expectAudited('user.provider', 'audited-user-1', { isProvider: true });
    await asAdmin('DELETE', '/api/admin/users/audited-user-1');
    await expectAudited('user.delete', 'audited-user-1', { email: 'audited@example.org' });
  });

  it('records category creation, update and deletion', async () => {
    const created = await asAdmin('POST', '/api/categories', { name: 'Audited Category', slug: 'audited-category', type: 'services' });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    await expectAudited('category.create', id, { name: 'Audited Category', type: 'services' });
    await asAdmin('PUT', `/api/categories/${id}`, { name: 'Audited Renamed', slug: 'audited-category', type: 'services' });
    await expectAudited('category.update', id, { name: 'Audited Renamed' });
    await asAdmin('DELETE', `/api/categories/${id}`);
    await expectAudited('category.delete', id, { name: 'Audited Renamed' });
  });

  it('writes nothing for a refused action', async () => {
    const [before] = (await asAdmin('GET', '/api/admin/audit?limit=1')).json();
    expect((await asAdmin('DELETE', '/api/admin/services/2147483647')).statusCode).toBe(404);
    const [after] = (await asAdmin('GET', '/api/admin/audit?limit=1')).json();
    expect(after.id).toBe(before.id);
  });
});

describe('the users list', () => {
  it('pages with a total, searches e-mail, names and company, and narrows to possible listing owners', async () => {
    const tag = 'pagingcheck';
    for (const [i, flags] of [{}, { isProvider: true }, { isAdmin: true }].entries()) {
      await createUser(app, db, { email: `${tag}-${i}@example.org`, firstName: 'Quentin', lastName: `Zyx${i}`, companyName: i === 0 ? 'Acme Widgets' : null, ...flags });
    }
    const all = await asAdmin('GET', `/api/admin/users?search=${tag.toUpperCase()}`);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json()).toHaveLength(3);
    const second = await asAdmin('GET', `/api/admin/users?search=${tag}&limit=2&offset=2`);
    expect(second.headers['x-total-count']).toBe('3');
    expect(second.json()).toHaveLength(1);
    expect((await asAdmin('GET', '/api/admin/users?search=quentin%20zyx1')).json().map((u: { email: string }) => u.email)).toEqual([`${tag}-1@example.org`]);
    expect((await asAdmin('GET', '/api/admin/users?search=acme')).json().map((u: { email: string }) => u.email)).toEqual([`${tag}-0@example.org`]);
    const owners = await asAdmin('GET', `/api/admin/users?search=${tag}&canOwnListings=true`);
    expect(owners.json().map((u: { email: string }) => u.email).sort()).toEqual([`${tag}-1@example.org`, `${tag}-2@example.org`]);
    expect(owners.headers['x-total-count']).toBe('2');
    expect((await asAdmin('GET', '/api/admin/users?search=100%25_')).statusCode).toBe(200);
    expect((await asAdmin('GET', '/api/admin/users?canOwnListings=maybe')).statusCode).toBe(400);
    expect((await asAdmin('GET', '/api/admin/users?limit=0')).statusCode).toBe(400);
  });
});
