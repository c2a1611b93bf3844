import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { listings } from '../../../db/schema/listings';
import { messages } from '../../../db/schema/messages';
import type { ListingStatus, ListingType } from '../../../shared/types';
import { approveListing } from '../listings/listing-moderation';

/**
 * Who may do what to a provider's listings and leads, one table per endpoint: visitor, member
 * (no isProvider), the owning provider, another provider and an administrator. Every cell gets a
 * fresh listing, so no answer depends on what an earlier cell did to it.
 */
const { app, db } = await createTestApp();

const categories = {
  services: await createCategory(db, { type: 'services' }),
  tools: await createCategory(db, { type: 'tools' }),
};
const owner = await createUser(app, db, { isProvider: true });
const otherProvider = await createUser(app, db, { isProvider: true });
const cookies = {
  visitor: undefined,
  member: (await createUser(app, db)).cookie,
  owner: owner.cookie,
  otherProvider: otherProvider.cookie,
  admin: (await createUser(app, db, { isAdmin: true })).cookie,
};
type Role = keyof typeof cookies;
type Expected = Record<Role, number>;

const payload = (type: ListingType, overrides: Record<string, unknown> = {}) => ({
  title: 'Matrix Listing',
  description: 'Made by the permission matrix.',
  categoryId: categories[type].id,
  ...(type === 'services' ? { priceType: 'fixed', deliveryTime: 3 } : { websiteUrl: '' }),
  ...overrides,
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, role: Role, body?: object) =>
  app.inject({ method, url, headers: cookies[role] ? { cookie: cookies[role] } : {}, ...(body && { payload: body }) });

const ownListing = (type: ListingType, status: ListingStatus, title = 'Untouched') =>
  createListing(db, { type, status, title, providerId: owner.id, categoryId: categories[type].id });

const rowOf = async (id: number) => (await db.select().from(listings).where(eq(listings.id, id)))[0];

/** Runs every role against its own fresh subject and compares all answers at once, so a failure names the roles. */
async function expectAnswers<T>(expected: Expected, subject: () => Promise<T>, act: (role: Role, subject: T) => Promise<number>) {
  const answers: Partial<Expected> = {};
  for (const role of Object.keys(expected) as Role[]) answers[role] = await act(role, await subject());
  expect(answers).toEqual(expected);
}

const statuses = ['pending', 'rejected', 'approved'] as const;
const hidden = (status: ListingStatus) => status !== 'approved';

describe('creating: POST /api/services and /api/tools', () => {
  it.each(['services', 'tools'] as const)('%s: visitor 401, member 403, any provider or administrator 201', async (type) => {
    await expectAnswers(
      { visitor: 401, member: 403, owner: 201, otherProvider: 201, admin: 201 },
      async () => null,
      async (role) => (await send('POST', `/api/${type}`, role, payload(type))).statusCode,
    );
  });
});

describe('editing: PATCH /api/{type}/{id}', () => {
  // A stranger learns nothing about a listing they could not see anyway (404); a live one they may
  // see, so they are told they cannot change it (403). Administrators edit everything.
  const expected = (status: ListingStatus): Expected => ({
    visitor: 401,
    member: hidden(status) ? 404 : 403,
    otherProvider: hidden(status) ? 404 : 403,
    owner: 200,
    admin: 200,
  });

  it.each(statuses)('%s listing: only its owner and administrators; refused edits change nothing', async (status) => {
    await expectAnswers(
      expected(status),
      () => ownListing('services', status),
      async (role, listing) => {
        const res = await send('PATCH', `/api/services/${listing.id}`, role, payload('services', { title: `Edited by ${role}` }));
        if (res.statusCode >= 400) expect(await rowOf(listing.id)).toEqual(listing);
        return res.statusCode;
      },
    );
  });

  it('an id of the other type is not found, for the owner and administrators too', async () => {
    const tool = await ownListing('tools', 'pending');
    for (const role of ['owner', 'admin'] as const) {
      const res = await send('PATCH', `/api/services/${tool.id}`, role, payload('services', { title: 'Now a service?' }));
      expect({ role, status: res.statusCode, message: res.json().message }).toEqual({ role, status: 404, message: 'Service not found' });
    }
    expect((await send('DELETE', `/api/provider/services/${tool.id}`, 'owner')).statusCode).toBe(404);
    expect(await rowOf(tool.id)).toEqual(tool);
  });

  it('a provider who lost the provider flag can no longer edit, but can still delete their own listing', async () => {
    const former = await createUser(app, db, { isProvider: false });
    const listing = await createListing(db, { providerId: former.id, categoryId: categories.services.id, status: 'pending' });
    const edit = await app.inject({ method: 'PATCH', url: `/api/services/${listing.id}`, payload: payload('services'), headers: { cookie: former.cookie } });
    expect(edit.statusCode).toBe(403);
    const remove = await app.inject({ method: 'DELETE', url: `/api/provider/services/${listing.id}`, headers: { cookie: former.cookie } });
    expect(remove.statusCode).toBe(204);
  });
});

describe('deleting: DELETE /api/provider/{type}/{id}', () => {
  // Owner only: administrators remove listings through moderation, not the provider's dashboard.
  const expected = (status: ListingStatus): Expected => ({
    visitor: 401,
    member: hidden(status) ? 404 : 403,
    otherProvider: hidden(status) ? 404 : 403,
    admin: 403,
    owner: 204,
  });

  it.each(statuses)('%s listing: only its owner; refused deletes leave it in place', async (status) => {
    await expectAnswers(
      expected(status),
      () => ownListing('tools', status),
      async (role, listing) => {
        const res = await send('DELETE', `/api/provider/tools/${listing.id}`, role);
        expect(await rowOf(listing.id)).toEqual(res.statusCode === 204 ? undefined : listing);
        return res.statusCode;
      },
    );
  });
});

describe('reading: GET /api/{type}/{id or slug} and its reviews', () => {
  const expected = (status: ListingStatus): Expected => ({
    visitor: hidden(status) ? 404 : 200,
    member: hidden(status) ? 404 : 200,
    otherProvider: hidden(status) ? 404 : 200,
    owner: 200,
    admin: 200,
  });

  it.each(statuses)('%s listing by id, slug and reviews: strangers cannot tell a hidden one from a missing one', async (status) => {
    const listing = await ownListing('services', status, 'Secret Draft');
    for (const url of [`/api/services/${listing.id}`, `/api/services/${listing.slug}`, `/api/services/${listing.id}/reviews`]) {
      await expectAnswers(
        expected(status),
        async () => listing,
        async (role) => {
          const res = await send('GET', url, role);
          if (res.statusCode === 404) expect(res.json()).toEqual({ message: 'Service not found' });
          return res.statusCode;
        },
      );
    }
  });
});

describe('server-owned fields in an owner\'s PATCH', () => {
  const serverOwned = { status: 'approved', rating: 5, reviewCount: 99, viewCount: 1000, slug: 'chosen-by-client', type: 'tools' };
  const untouched = { status: 'pending', rating: 0, reviewCount: 0, viewCount: 0, slug: 'owner-fields', type: 'services' };

  it('ignores status, rating, counters, slug and type on a pending listing', async () => {
    const listing = await ownListing('services', 'pending', 'Owner Fields');
    await db.update(listings).set({ slug: 'owner-fields' }).where(eq(listings.id, listing.id));
    const res = await send('PATCH', `/api/services/${listing.id}`, 'owner', payload('services', { title: 'Owner Fields', ...serverOwned }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(untouched);
    expect(await rowOf(listing.id)).toMatchObject(untouched);
  });

  it('keeps them out of a live listing\'s proposal, so approving it cannot set them either', async () => {
    const listing = await ownListing('services', 'approved', 'Owner Fields Live');
    const res = await send('PATCH', `/api/services/${listing.id}`, 'owner', payload('services', { title: 'Proposed Title', ...serverOwned }));
    expect(res.json()).toMatchObject({ hasPendingChanges: true, status: 'approved' });
    const proposal = (await rowOf(listing.id))!.pendingChanges!;
    for (const key of [...Object.keys(serverOwned), 'isFeatured', 'providerId']) expect(proposal).not.toHaveProperty(key);

    await approveListing(db, 'services', listing.id);
    expect(await rowOf(listing.id)).toMatchObject({
      title: 'Proposed Title',
      status: 'approved',
      rating: 0,
      reviewCount: 0,
      viewCount: 0,
      slug: listing.slug,
      type: 'services',
      isFeatured: false,
      providerId: owner.id,
    });
  });

  it.each(['pending', 'approved'] as const)('%s listing: refuses isFeatured and providerId and changes nothing', async (status) => {
    const listing = await ownListing('services', status);
    for (const extra of [{ isFeatured: true }, { isFeatured: false }, { providerId: otherProvider.id }]) {
      const res = await send('PATCH', `/api/services/${listing.id}`, 'owner', payload('services', { title: 'Sneaky', ...extra }));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only administrators can feature a listing or choose its provider.');
    }
    expect(await rowOf(listing.id)).toEqual(listing);
  });
});

describe('leads: GET /api/provider/leads and PATCH /api/provider/leads/{id}', () => {
  const ownersLead = async () => {
    const listing = await ownListing('services', 'approved');
    const [lead] = await db
      .insert(messages)
      .values({ kind: 'listing', recipientId: owner.id, listingId: listing.id, name: 'Lea Lead', email: 'lea@lead.test', message: 'For the owner only' })
      .returning();
    return lead!;
  };
  const readAtOf = async (id: number) => (await db.select({ readAt: messages.readAt }).from(messages).where(eq(messages.id, id)))[0]!.readAt;

  it('marking read: only the provider the lead was sent to; for anyone else it does not exist', async () => {
    await expectAnswers(
      { visitor: 401, member: 404, otherProvider: 404, admin: 404, owner: 200 },
      ownersLead,
      async (role, lead) => {
        const res = await send('PATCH', `/api/provider/leads/${lead.id}`, role, { read: true });
        expect(await readAtOf(lead.id)).toEqual(res.statusCode === 200 ? expect.any(Date) : null);
        return res.statusCode;
      },
    );
  });

  it('the inbox: visitor 401, everyone else sees only the leads sent to them', async () => {
    const lead = await ownersLead();
    await expectAnswers(
      { visitor: 401, member: 200, otherProvider: 200, admin: 200, owner: 200 },
      async () => lead,
      async (role) => {
        const res = await send('GET', '/api/provider/leads', role);
        if (res.statusCode === 200) expect(res.body.includes(lead.message)).toBe(role === 'owner');
        return res.statusCode;
      },
    );
  });
});

describe('the provider\'s own lists and stats', () => {
  it('visitor 401; every signed-in user sees only their own', async () => {
    await ownListing('services', 'rejected', 'Private Rejection');
    for (const url of ['/api/provider/services', '/api/provider/stats']) {
      await expectAnswers(
        { visitor: 401, member: 200, otherProvider: 200, admin: 200, owner: 200 },
        async () => null,
        async (role) => {
          const res = await send('GET', url, role);
          if (res.statusCode === 200 && url === '/api/provider/services') expect(res.body.includes('Private Rejection')).toBe(role === 'owner');
          return res.statusCode;
        },
      );
    }
  });
});
