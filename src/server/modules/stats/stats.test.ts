import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

describe('GET /api/dashboard/stats', () => {
  it('answers zeros for an empty directory', async () => {
    const res = await app.inject({ url: '/api/dashboard/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tools: { approved: 0 }, services: { approved: 0 }, categories: 0, providers: 0 });
  });

  it('counts live listings per type, categories and public providers', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    await createUser(app, db, { isProvider: true });
    const memberWithListing = await createUser(app, db);
    await createUser(app, db);
    const tools = await createCategory(db, { type: 'tools' });
    const services = await createCategory(db, { type: 'services' });
    await createCategory(db, { type: 'services', parentId: services.id });
    await createListing(db, { type: 'tools', providerId: provider.id, categoryId: tools.id });
    await createListing(db, { type: 'tools', providerId: provider.id, categoryId: tools.id, status: 'pending' });
    await createListing(db, { type: 'services', providerId: provider.id, categoryId: services.id });
    await createListing(db, { type: 'services', providerId: memberWithListing.id, categoryId: services.id });
    await createListing(db, { type: 'services', providerId: provider.id, categoryId: services.id, status: 'rejected' });

    const res = await app.inject({ url: '/api/dashboard/stats' });
    expect(res.json()).toEqual({ tools: { approved: 1 }, services: { approved: 2 }, categories: 3, providers: 3 });
  });
});
