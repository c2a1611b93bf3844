import { describe, expect, it } from 'vitest';
import { createRandom } from './random';

describe('createRandom', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return [random.next(), random.int(1, 100), random.uuid(), random.pick(['a', 'b', 'c', 'd'])];
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps integers within their bounds and samples distinct items', () => {
    const random = createRandom(1);
    const ints = Array.from({ length: 2_000 }, () => random.int(3, 7));
    expect(new Set(ints)).toEqual(new Set([3, 4, 5, 6, 7]));
    const sample = random.sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(sample).size).toBe(3);
    expect(random.sample(['a', 'b'], 5)).toHaveLength(2);
  });

  it('follows the weights it is given', () => {
    const random = createRandom(7);
    const draws = Array.from({ length: 5_000 }, () => random.weighted([['often', 9], ['rarely', 1], ['never', 0]] as const));
    const often = draws.filter((value) => value === 'often').length / draws.length;
    expect(often).toBeGreaterThan(0.85);
    expect(often).toBeLessThan(0.95);
    expect(draws).not.toContain('never');
  });

  it('draws UUID-shaped ids', () => {
    expect(createRandom(5).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
