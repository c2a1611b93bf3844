import { describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../../db/seed/demo';
import { createTestApp } from '../../../../test/test-app';

// The searches of names the demo catalogue was found wanting in (docs/decisions/search-names.md).
const { app, db } = await createTestApp();
await seedDemoIfEmpty(db, { now: new Date('2026-03-15T12:00:00Z') });

const titles = async (type: 'tools' | 'services', term: string) => {
  const answer = await app.inject({ url: `/api/${type}?search=${encodeURIComponent(term)}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().map((l: { title: string }) => l.title) as string[];
};

describe('names on the demo catalogue', () => {
  it.each([
    ['tools', 'monday', 'Monday.com'],
    ['tools', 'monday.com', 'Monday.com'],
    ['services', 'wcag', 'Website Accessibility Audit (WCAG 2.2)'],
    ['services', 'wcag 2.2', 'Website Accessibility Audit (WCAG 2.2)'],
    ['tools', 'wpengine', 'WP Engine'],
    ['tools', 'wp engine', 'WP Engine'],
    ['tools', 'active campaign', 'ActiveCampaign'],
    ['tools', 'activecampaign', 'ActiveCampaign'],
  ] as const)('%s: "%s" finds %s first', async (type, term, title) => {
    expect((await titles(type, term))[0]).toBe(title);
  });
});
