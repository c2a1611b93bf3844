/**
 * The listings a comparison holds, as its address keeps them (`/compare?ids=12,40,7`). However the
 * ids are typed or added, one set of listings has one address: the ids deduplicated and in
 * ascending order, so shared links, crawlers and the read cache all meet on the same page.
 */
export const MAX_COMPARED = 4;

const LARGEST_ID = 2_147_483_647;

/** The ids of a comma-separated list, in canonical order, at most four; anything that is not a listing id is left out. */
export function canonicalCompareIds(text: string | null | undefined): number[] {
  if (!text) return [];
  const ids = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => /^\d{1,10}$/.test(part))
    .map(Number)
    .filter((id) => id >= 1 && id <= LARGEST_ID);
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_COMPARED);
}

/** The address of a comparison of these ids (canonical order). */
export function compareHref(ids: readonly number[]): string {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return sorted.length ? `/compare?ids=${sorted.join(',')}` : '/compare';
}

/**
 * Where a "Compare" link on a listing leads, given the comparison the visitor is building (the
 * `compare` parameter carried along the catalogue's addresses): that comparison with this listing
 * added; null when it is already full.
 */
export function compareWith(current: readonly number[], id: number): { href: string; added: boolean } | null {
  if (current.includes(id)) return { href: compareHref(current), added: false };
  if (current.length >= MAX_COMPARED) return null;
  return { href: compareHref([...current, id]), added: true };
}
