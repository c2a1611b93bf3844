import { describe, expect, it } from 'vitest';
import type { ListingSummary } from '../../../../../shared/types';
import { mergeListingStreams } from './merge-listing-streams';

/** A listing that only has what the order needs; day 30 is the newest. */
const listing = (id: number, type: 'services' | 'tools', day: number, isFeatured = false) =>
  ({ id, type, isFeatured, createdAt: `2025-01-${String(day).padStart(2, '0')}T00:00:00.000Z` }) as ListingSummary;

const ids = (listings: ListingSummary[]) => listings.map((item) => item.id);

describe('mergeListingStreams', () => {
  it('interleaves two fully loaded kinds featured first, then newest', () => {
    const services = [listing(1, 'services', 5, true), listing(2, 'services', 20), listing(3, 'services', 3)];
    const tools = [listing(4, 'tools', 25), listing(5, 'tools', 10)];
    const { merged, blocked } = mergeListingStreams([
      { loaded: services, total: 3 },
      { loaded: tools, total: 2 },
    ]);
    expect(ids(merged)).toEqual([1, 4, 2, 5, 3]);
    expect(blocked).toEqual([]);
  });

  it('stops where a kind with more to load runs out, and names that kind', () => {
    const services = [listing(1, 'services', 30), listing(2, 'services', 20)];
    const tools = [listing(3, 'tools', 25), listing(4, 'tools', 10)];
    const { merged, blocked } = mergeListingStreams([
      { loaded: services, total: 50 },
      { loaded: tools, total: 2 },
    ]);
    // Service 2 is the last one loaded; the next service may be newer than tool 4 (day 10).
    expect(ids(merged)).toEqual([1, 3, 2]);
    expect(blocked).toEqual([0]);
  });

  it('uses the known prefix to show a kind whose next listings all come later', () => {
    // The profile's first three listings were all services, so every tool comes after service 3.
    const services = [listing(1, 'services', 30), listing(2, 'services', 29), listing(3, 'services', 28)];
    const { merged, blocked } = mergeListingStreams(
      [
        { loaded: services, total: 3 },
        { loaded: [], total: 40 },
      ],
      services,
    );
    expect(ids(merged)).toEqual([1, 2, 3]);
    expect(blocked).toEqual([1]);
  });

  it('breaks a tie in time by the higher id, as the server does', () => {
    const { merged } = mergeListingStreams([
      { loaded: [listing(7, 'services', 12)], total: 1 },
      { loaded: [listing(9, 'tools', 12)], total: 1 },
    ]);
    expect(ids(merged)).toEqual([9, 7]);
  });
});
