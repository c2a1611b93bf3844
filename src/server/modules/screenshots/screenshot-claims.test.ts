import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { jobClaims } from '../../../db/schema/jobs';
import { listings } from '../../../db/schema/listings';
import { claimScreenshot, releaseScreenshot } from './screenshots.queries';

// Servers sharing a database each run a screenshot queue: a job is claimed before it starts.
const { app, db } = await createTestApp();

async function toolNeedingScreenshot() {
  const provider = await createUser(app, db, { isProvider: true });
  const category = await createCategory(db, { type: 'tools' });
  const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, websiteUrl: 'https://claims.example/' });
  return { listingId: tool.id, url: 'https://claims.example/' };
}

describe('screenshot job claims', () => {
  it('go to one server at a time, and to another once released or run out', async () => {
    const job = await toolNeedingScreenshot();
    const racing = await Promise.all([claimScreenshot(db, job), claimScreenshot(db, job), claimScreenshot(db, job)]);
    expect(racing.filter(Boolean)).toHaveLength(1);

    await releaseScreenshot(db, job);
    expect(await claimScreenshot(db, job)).toBe(true);
    expect(await claimScreenshot(db, job)).toBe(false);

    // The server holding it died: its claim runs out and the job is free again.
    await db.update(jobClaims).set({ claimedUntil: sql`now() - interval '1 second'` });
    expect(await claimScreenshot(db, job)).toBe(true);
  });

  it('are refused for work no longer wanted: done already, or an address that changed', async () => {
    const job = await toolNeedingScreenshot();
    await db.update(listings).set({ websiteUrl: 'https://elsewhere.example/' }).where(sql`${listings.id} = ${job.listingId}`);
    expect(await claimScreenshot(db, job)).toBe(false);

    const done = await toolNeedingScreenshot();
    await db.update(listings).set({ screenshotUrl: '/api/images/some-image' }).where(sql`${listings.id} = ${done.listingId}`);
    expect(await claimScreenshot(db, done)).toBe(false);
  });
});
