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

  it('falls back to the type and id without a title', () => {
    expect(describeAuditEntry(entry('listing.delete', 'service', {}))).toBe('deleted service #7');
  });
});
