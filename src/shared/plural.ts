/** English plural rules (CLDR, via Intl): 'one' for exactly 1, 'other' for 0, 2, 1.5 ... */
const rules = new Intl.PluralRules('en-US');

/**
 * A count with its noun in the right number: "1 free internal-use seat", "3 free internal-use
 * seats", "0 results". `other` defaults to `one` + "s"; pass it for irregular nouns.
 */
export function countOf(count: number, one: string, other = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${pluralOf(count, one, other)}`;
}

/** Only the noun for a count, for texts that write the number themselves ("10,000+ results"). */
export function pluralOf(count: number, one: string, other = `${one}s`): string {
  return rules.select(count) === 'one' ? one : other;
}
