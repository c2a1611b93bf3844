/**
 * A small seeded pseudo-random generator (mulberry32), so the demo catalogue comes out the same on
 * every machine and every run: screenshots, demos and bug reports can then refer to the same data.
 */
export type Random = {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both included. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** Up to `count` distinct items, in random order. */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** A value chosen with the given relative weights. */
  weighted: <T>(choices: readonly (readonly [T, number])[]) => T;
  /** A UUID-shaped id drawn from this generator, so ids are reproducible too. */
  uuid: () => string;
};

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;

  const sample = <T>(items: readonly T[], count: number) => {
    const copy = [...items];
    // Partial Fisher-Yates: only the first `count` positions need shuffling.
    for (let i = 0; i < Math.min(count, copy.length); i++) {
      const j = i + Math.floor(next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, count);
  };

  const weighted = <T>(choices: readonly (readonly [T, number])[]) => {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [value, weight] of choices) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return choices[choices.length - 1]![0];
  };

  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(next() * 4)]!;
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };

  return { next, int, chance: (p) => next() < p, pick, sample, weighted, uuid };
}
