import { useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'wouter';
import { MAX_COMPARED, readCompareIds } from '../../shared/compare-ids';

/**
 * The comparison a person is building, kept in this browser (localStorage) so that it survives
 * Back, filtering, other pages and other tabs; the address carries it only where there is no
 * script (the `compare` parameter of the catalogue, `ids` on the compare page). What the server
 * rendered from the address is what the first render in the browser shows too (no hydration
 * mismatch); the stored comparison takes over right after.
 */
export type Compared = { id: number; title: string };
export type CompareState = { items: Compared[]; refused: string | null };

const KEY = 'compare:items';
const listeners = new Set<() => void>();
const empty: CompareState = { items: [], refused: null };
let state: CompareState | null = null;

function read(): Compared[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((item): item is Compared => typeof item?.id === 'number' && Number.isInteger(item.id) && item.id > 0 && typeof item.title === 'string')
      .slice(0, MAX_COMPARED);
  } catch {
    // Storage blocked (private mode, a policy) or a value from elsewhere: start an empty comparison.
    return [];
  }
}

function current(): CompareState {
  state ??= { items: read(), refused: null };
  return state;
}

function publish(next: CompareState, persist: boolean) {
  state = next;
  if (persist) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(next.items));
    } catch {
      // Not kept across pages where storage is blocked; this page still shows it.
    }
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed the comparison: show the same one here.
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) publish({ items: read(), refused: null }, false);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The comparison; `fromAddress` is what the server rendered (from the page's address), used until the page has hydrated. */
export function useCompareState(fromAddress: CompareState): CompareState {
  return useSyncExternalStore(subscribe, current, () => fromAddress);
}

/**
 * The comparison on a catalogue page: the address's `compare` parameter until the page has
 * hydrated (titles unknown: the tray reads them), the stored comparison after.
 */
export function useCatalogueComparison() {
  const [params] = useSearchParams();
  const text = params.get('compare');
  const address = useMemo(() => {
    const { kept, refused } = readCompareIds(text);
    return { kept, refused, state: { items: kept.map((id) => ({ id, title: '' })), refused: null } satisfies CompareState };
  }, [text]);
  return { address, state: useCompareState(address.state) };
}

/** Adds a listing; a fifth is refused, with the message the tray shows. */
export function addCompared(item: Compared): 'added' | 'already' | 'full' {
  const { items } = current();
  if (items.some((kept) => kept.id === item.id)) return 'already';
  if (items.length >= MAX_COMPARED) {
    publish({ items, refused: refusalMessage(item.title) }, false);
    return 'full';
  }
  publish({ items: [...items, item], refused: null }, true);
  return 'added';
}

export function removeCompared(id: number) {
  publish({ items: current().items.filter((item) => item.id !== id), refused: null }, true);
}

export function clearCompared() {
  publish(empty, true);
}

/** The listings an address named (a link shared, or added without the script) join the comparison, up to four. */
export function mergeCompared(items: Compared[], refused: string | null) {
  const kept = [...current().items];
  let refusal = refused;
  for (const item of items) {
    if (kept.some((k) => k.id === item.id)) continue;
    if (kept.length >= MAX_COMPARED) {
      refusal = refusalMessage(item.title);
      continue;
    }
    kept.push(item);
  }
  publish({ items: kept, refused: refusal }, true);
}

/** The compare page's listings are the comparison: what its address shows is what the tray holds. */
export function replaceCompared(items: Compared[]) {
  const now = current().items;
  if (now.length === items.length && now.every((item, index) => item.id === items[index]!.id && item.title === items[index]!.title)) return;
  publish({ items: items.slice(0, MAX_COMPARED), refused: null }, true);
}

export function dismissRefusal() {
  publish({ items: current().items, refused: null }, false);
}

export const refusalMessage = (title: string | null) =>
  `You can compare up to ${MAX_COMPARED} listings: ${title ? `"${title}"` : 'the last one you chose'} was not added. Remove one from the comparison to add another.`;
