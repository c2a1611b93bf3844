import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { testConfig } from '../../config';
import { publicSiteSettings } from './site-settings';

const { app } = await createTestApp({ productName: 'HubSpot', siteName: 'Agency Stack', supportEmail: 'help@stack.example.org' });

describe('GET /api/site', () => {
  it('answers the configured names and the support address, and nothing else', async () => {
    const res = await app.inject({ url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ productName: 'HubSpot', siteName: 'Agency Stack', supportEmail: 'help@stack.example.org' });
  });

  it('shares nothing but the allow-listed settings', () => {
    expect(Object.keys(publicSiteSettings(testConfig()))).toEqual(['productName', 'siteName', 'supportEmail']);
  });
});
