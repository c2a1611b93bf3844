import { describe, expect, it } from 'vitest';
import { partnerProgrammeSchema } from '../../../../shared/schemas/partner-programme';
import { programmeChanges } from './programme-diff';
import { whiteLabelTerms } from '../../../../../test/partner-terms';

const terms = (overrides: Record<string, unknown> = {}) =>
  partnerProgrammeSchema.parse({ ...whiteLabelTerms, ...overrides });

describe('a proposed programme change, term by term', () => {
  it('lists only the terms that differ, old and new as the listing page words them', () => {
    const changes = programmeChanges({ current: terms(), proposed: terms({ wholesalePrice: '55.5', trialDays: 30, visibility: 'members' }), submittedAt: '2026-11-01T00:00:00Z' }, 'monthly');
    expect(changes).toEqual([
      { label: 'Numbers shown to', from: 'Everyone', to: 'Signed-in members' },
      { label: 'Wholesale price', from: '$60/mo', to: '$55.50/mo' },
      { label: 'Trial', from: '0 days', to: '30 days' },
    ]);
  });

  it('compares a new programme with nothing, and says when the programme would be removed', () => {
    const added = programmeChanges({ current: null, proposed: terms(), submittedAt: '2026-11-01T00:00:00Z' }, 'fixed');
    expect(added).toContainEqual({ label: 'Programme types', from: '', to: 'White-label resale' });
    expect(added).toContainEqual({ label: 'Wholesale price', from: '', to: '$60' });
    expect(programmeChanges({ current: terms(), proposed: null, submittedAt: '2026-11-01T00:00:00Z' }, 'fixed')).toEqual([{ label: 'Partner programme', from: 'live', to: 'removed' }]);
  });
});
