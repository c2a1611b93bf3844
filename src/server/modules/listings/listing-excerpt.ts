/** The longest excerpt cut from a description; a card shows two lines of it. */
export const EXCERPT_LENGTH = 200;

/**
 * How much of a description the queries read for an excerpt (listings.queries.ts): enough for
 * EXCERPT_LENGTH characters once runs of spaces and line breaks are folded, and one more, to
 * tell a description that goes on from one that ends there. A card never reads the whole
 * description, which may be 20,000 characters.
 */
export const EXCERPT_SOURCE_LENGTH = 2 * EXCERPT_LENGTH + 1;

/**
 * A card's line of text: the short description when the listing has one, or else the start of
 * the description (`descriptionStart`: its first EXCERPT_SOURCE_LENGTH characters), folded onto
 * one line and cut at a word, with "…" when there is more. The same for a card and for a whole
 * listing, since both read the same start.
 */
export function listingExcerpt(shortDescription: string | null, descriptionStart: string): string {
  const short = shortDescription?.trim();
  if (short) return short;
  const folded = descriptionStart.replace(/\s+/g, ' ').trim();
  const goesOn = descriptionStart.length >= EXCERPT_SOURCE_LENGTH;
  if (folded.length <= EXCERPT_LENGTH) return goesOn ? `${folded}…` : folded;
  const cut = folded.slice(0, EXCERPT_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A first word longer than the whole excerpt (a URL, say) is cut where the excerpt ends.
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut.slice(0, EXCERPT_LENGTH)).replace(/[\s,.;:!?-]+$/, '')}…`;
}
