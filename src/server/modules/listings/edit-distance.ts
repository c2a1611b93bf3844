/**
 * Typo distance between two words: the fewest single-letter insertions, deletions, substitutions
 * or swaps of two neighbouring letters that turn one into the other (the "optimal string
 * alignment" form of the Damerau-Levenshtein distance). A swap counts as one typo, as it does for
 * a person typing: "hubpsot" is one typo away from "hubspot", not two.
 */
export function typoDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  // Three rolling rows: the row before the previous one is what a swap looks back to.
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}

/** How many typos a word of this many letters may carry and still be corrected: as search engines do, none under 5 letters, one from 5, two from 9. */
export const allowedTypos = (word: string): number => {
  const length = [...word].length;
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
};
