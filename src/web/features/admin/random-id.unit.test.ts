import { describe, expect, it, vi } from 'vitest';
import { userIdPattern } from '../../../shared/schemas/admin-user';
import { randomUuid } from './random-id';

describe('randomUuid', () => {
  it('makes version 4 UUIDs the user id rule accepts, different each time', () => {
    const ids = Array.from({ length: 200 }, randomUuid);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(id).toMatch(userIdPattern);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('works where crypto.randomUUID is missing (plain http on an address other than localhost)', () => {
    vi.spyOn(crypto, 'randomUUID').mockImplementation(() => {
      throw new TypeError('crypto.randomUUID is not a function');
    });
    try {
      expect(randomUuid()).toHaveLength(36);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
