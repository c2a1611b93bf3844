import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { publicSiteSettings } from './site-settings';

const { app } = await createTestApp({ productName: 'HubSpot', siteName: 'Agency Stack', siteUrl: 'https://stack.example.org' });

describe('GET /api/site', () => {
  it('answers the configured names and the support address, and nothing else', async () => {
    const res = await app.inject({ url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productName: 'HubSpot', siteName: 'Agency Stack', supportEmail: 'support@stack.example.org' });
  });

  it('derives the support address from the site URL without its port', () => {
    expect(publicSiteSettings({ productName: 'SaaS', siteName: 'SaaS Directory', siteUrl: 'http://localhost:5000' }).supportEmail).toBe('support@localhost');
  });
});
