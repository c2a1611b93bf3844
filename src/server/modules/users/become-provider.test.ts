import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createUser, type TestUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { users } from '../../../db/schema/users';

/**
 * SPEC.md: 'Saving a profile from the provider dashboard sets isProvider to true.' That is the only
 * flag PATCH /api/profile may touch, and only that way: taking it away (and anything about
 * isAdmin) belongs to the administrators' user management.
 */
const { app, db } = await createTestApp();
const category = await createCategory(db, { type: 'services' });

const profileOf = (user: TestUser) => ({ firstName: user.firstName, lastName: user.lastName, email: user.email });

const saveProfile = (user: TestUser, extra: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: '/api/profile', headers: { cookie: user.cookie }, payload: { ...profileOf(user), ...extra } });

const currentUser = async (user: TestUser) => (await app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } })).json();

const flagsOf = async (id: string) =>
  (await db.select({ isProvider: users.isProvider, isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)))[0];

const createService = (user: TestUser) =>
  app.inject({
    method: 'POST',
    url: '/api/services',
    headers: { cookie: user.cookie },
    payload: { title: 'First Service', description: 'What I offer.', categoryId: category.id, priceType: 'fixed', deliveryTime: 5 },
  });

describe('becoming a provider', () => {
  it('a member cannot list anything until they save the provider profile', async () => {
    const member = await createUser(app, db);
    const refused = await createService(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only providers can list services and tools. Save your provider profile first.');

    const saved = await saveProfile(member, { companyName: 'Member Studio', isProvider: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ id: member.id, isProvider: true, isAdmin: false, companyName: 'Member Studio' });
    expect(await currentUser(member)).toMatchObject({ id: member.id, isProvider: true });

    const created = await createService(member);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'pending', provider: { id: member.id } });
  });

  it('saving the member dashboard\'s form (no isProvider) leaves the flag as it was, either way', async () => {
    const member = await createUser(app, db);
    const provider = await createUser(app, db, { isProvider: true });
    for (const user of [member, provider]) {
      const res = await saveProfile(user, { bio: 'Updated' });
      expect(res.statusCode).toBe(200);
      expect(await flagsOf(user.id)).toEqual({ isProvider: user.isProvider, isAdmin: false });
    }
  });

  it('isProvider false or anything but true is refused with 400, so the profile cannot drop the flag', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const member = await createUser(app, db);
    for (const isProvider of [false, 'true', 1, null, 'yes']) {
      for (const user of [provider, member]) {
        const res = await saveProfile(user, { isProvider, bio: 'Should not be saved' });
        expect({ isProvider, status: res.statusCode }).toEqual({ isProvider, status: 400 });
        expect(await flagsOf(user.id)).toEqual({ isProvider: user.isProvider, isAdmin: false });
      }
    }
    expect((await currentUser(provider)).bio).toBeNull();
  });

  it('the provider profile cannot also make anyone an administrator, or change another user', async () => {
    const member = await createUser(app, db);
    const other = await createUser(app, db);
    const res = await saveProfile(member, { isProvider: true, isAdmin: true, id: other.id });
    expect(res.statusCode).toBe(200);
    expect(await flagsOf(member.id)).toEqual({ isProvider: true, isAdmin: false });
    expect(await flagsOf(other.id)).toEqual({ isProvider: false, isAdmin: false });
  });

  it('an administrator\'s admin flag survives saving the provider profile', async () => {
    const admin = await createUser(app, db, { isAdmin: true });
    expect((await saveProfile(admin, { isProvider: true })).json()).toMatchObject({ isProvider: true, isAdmin: true });
  });

  it('signed out, the profile cannot be saved at all', async () => {
    const res = await app.inject({ method: 'PATCH', url: '/api/profile', payload: { firstName: 'A', lastName: 'B', email: 'a@b.test', isProvider: true } });
    expect(res.statusCode).toBe(401);
  });
});
