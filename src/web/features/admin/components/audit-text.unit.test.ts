import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/schemas/admin-user';
import { describeAuditEntry } from './audit-text';

const entry = (action: string, entityType: string, details: Record<string, unknown>): AuditEntry => ({
  id: 1,
  action,
  entityType,
  entityId: '7',
  details,
  createdAt: new Date(0).toISOString(),
  actor: null,
});

describe('describeAuditEntry', () => {
  it('reads an administrator\'s own listing creations and edits as sentences', () => {
    expect(describeAuditEntry(entry('listing.create', 'tool', { title: 'Figma', providerId: 'u1' }))).toBe('added the tool "Figma"');
    expect(describeAuditEntry(entry('listing.edit', 'service', { title: 'SEO Audit', changed: ['title'] }))).toBe('edited the service "SEO Audit"');
  });

  it('reads a CSV import as one sentence with its counts', () => {
    const counts = { created: 1200, updated: 3, unchanged: 0, rows: 1203 };
    expect(describeAuditEntry(entry('listing.import', 'listing', counts))).toBe('imported listings from a CSV file: 1,200 created, 3 updated, 0 unchanged');
    expect(describeAuditEntry(entry('category.import', 'category', counts))).toBe('imported categories from a CSV file: 1,200 created, 3 updated, 0 unchanged');
  });

  it('reads decisions on reported reviews with the listing and the number of reports', () => {
    expect(describeAuditEntry(entry('review.keep', 'review', { listingTitle: 'SEO Audit', reports: 2 }))).toBe('kept a reported review of "SEO Audit" (2 reports)');
    expect(describeAuditEntry(entry('review.edit', 'review', { listingTitle: 'SEO Audit', reports: 1 }))).toBe(
      'edited personal information out of a reported review of "SEO Audit" (1 report)',
    );
    expect(describeAuditEntry(entry('review.remove', 'review', { reports: 3 }))).toBe('removed a reported review #7 (3 reports)');
  });

  it('falls back to the type and id without a title', () => {
    expect(describeAuditEntry(entry('listing.delete', 'service', {}))).toBe('deleted service #7');
  });
});

describe('partner programme entries', () => {
  it('say what was decided or checked, of which listing', () => {
    expect(describeAuditEntry(entry('partner_programme.approve', 'service', { title: 'Reports' }))).toBe('approved the partner programme change of the service "Reports"');
    expect(describeAuditEntry(entry('partner_programme.reject', 'tool', { title: 'Desk', reason: 'Wrong price' }))).toBe('turned down the partner programme change of the tool "Desk" (Wrong price)');
    expect(describeAuditEntry(entry('partner_programme.verify', 'service', { verifiedAt: '2026-11-02', source: 'vendor_portal' }))).toBe('verified the partner terms of service #7 (2026-11-02, vendor portal)');
  });
});
