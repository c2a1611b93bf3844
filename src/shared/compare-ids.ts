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
 * The ids of a comparison's address as they were added (the catalogue's `compare` parameter,
 * which a "Compare" link without the script extends at the end): the first four are kept, and
 * any after them are refused, so the page can say so rather than drop one without a word.
 */
export function readCompareIds(text: string | null | undefined): { kept: number[]; refused: number[] } {
  if (!text) return { kept: [], refused: [] };
  const ids = [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => /^\d{1,10}$/.test(part))
        .map(Number)
        .filter((id) => id >= 1 && id <= LARGEST_ID),
    ),
  ];
  return { kept: ids.slice(0, MAX_COMPARED), refused: ids.slice(MAX_COMPARED) };
}

// Only the catalogue's own pages, as a path and a query: never another site, a protocol or a fragment.
const returnPathPattern = /^\/(tools|services|trending|category\/[a-z0-9-]+|company\/[a-z0-9-]+)?(\?[^#\s]*)?$/i;

/**
 * Where the comparison was built (the `from` parameter of /compare): the results with their
 * filters, which the compare page's links go back to. Null for anything but a catalogue page of
 * this site; the `compare` parameter is left out (the comparison is carried separately).
 */
export function returnPath(text: string | null | undefined): string | null {
  if (!text || text.length > 600 || !returnPathPattern.test(text)) return null;
  const [path, query = ''] = text.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete('compare');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** An address with the comparison carried in its `compare` parameter, for the pages without the script. */
export function withCompareParam(address: string, ids: readonly number[]): string {
  const [path, query = ''] = address.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  if (ids.length) params.set('compare', ids.join(','));
  else params.delete('compare');
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `${path}?${text}` : path;
}

/** The compare page of these ids, remembering where the comparison was built. */
export function compareAddress(ids: readonly number[], from: string | null): string {
  const href = compareHref(ids);
  if (!from) return href;
  return `${href}${href.includes('?') ? '&' : '?'}from=${encodeURIComponent(from)}`;
}
