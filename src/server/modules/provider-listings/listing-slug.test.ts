import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { listings } from '../../../db/schema/listings';
import { users } from '../../../db/schema/users';
import { retryOnSlugClash } from './listing-slug';

const { app, db } = await createTestApp();
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services' });
const taken = await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'taken-slug' });

// Real errors from the engine under test, as Drizzle hands them over, not hand-made look-alikes.
const slugClash = () =>
  db.insert(listings).values({ type: 'services', slug: taken.slug, title: 'Clash', description: 'd', providerId: provider.id, categoryId: category.id });
const otherClash = () => db.insert(users).values({ id: provider.id, slug: 'someone-new', email: 'new@example.test' });

describe('retryOnSlugClash', () => {
  it('runs the write again when it lost a race for a slug, and answers the retry\'s result', async () => {
    let attempts = 0;
    const result = await retryOnSlugClash(async () => {
      attempts++;
      if (attempts === 1) await slugClash();
      return 'saved';
    });
    expect({ result, attempts }).toEqual({ result: 'saved', attempts: 2 });
  });

  it('throws any other error at once, a unique violation of another index included', async () => {
    let attempts = 0;
    const write = retryOnSlugClash(async () => {
      attempts++;
      await otherClash();
    });
    await expect(write).rejects.toMatchObject({ cause: { code: '23505', constraint: 'users_pkey' } });
    expect(attempts).toBe(1);
  });

  it('gives up after three clashes in a row with the database\'s error', async () => {
    let attempts = 0;
    const write = retryOnSlugClash(async () => {
      attempts++;
      await slugClash();
    });
    await expect(write).rejects.toMatchObject({ cause: { code: '23505', constraint: 'listings_type_slug_unique' } });
    expect(attempts).toBe(3);
  });
});
