import type { ListingSummary } from '../../../../../shared/types';

/** What has been loaded of one kind of a provider's listings, in the server's order, and how many exist. */
export type ListingStream = { loaded: ListingSummary[]; total: number };

/** The server's order of a provider's listings: featured first, then newest, then the higher id. */
export function comesFirst(a: ListingSummary, b: ListingSummary): boolean {
  if (a.isFeatured !== b.isFeatured) return a.isFeatured;
  if (a.createdAt !== b.createdAt) return a.createdAt > b.createdAt;
  return a.id > b.id;
}

const later = (a: ListingSummary | undefined, b: ListingSummary | undefined) => (!a ? b : !b ? a : comesFirst(a, b) ? b : a);

/**
 * Services and tools merged into one list in the server's order, as far as that order is known.
 *
 * A kind whose loaded listings are used up while more of it exist holds the merge back: its next
 * listing might belong before anything later, and showing more now would make cards jump when
 * it arrives. What bounds that unknown listing is the kind's own last loaded one and the end of
 * `knownPrefix` (the profile's first listings of both kinds, in order): nothing missing can come
 * before either. `blocked` names the kinds that hold the merge back; loading more of them extends it.
 */
export function mergeListingStreams(streams: ListingStream[], knownPrefix: ListingSummary[] = []): { merged: ListingSummary[]; blocked: number[] } {
  const prefixEnd = knownPrefix.at(-1);
  const merged: ListingSummary[] = [];
  const next = streams.map(() => 0);
  const usedUp = (index: number) => next[index]! >= streams[index]!.loaded.length && streams[index]!.loaded.length < streams[index]!.total;
  for (;;) {
    let pick = -1;
    streams.forEach((stream, index) => {
      const head = stream.loaded[next[index]!];
      if (head && (pick < 0 || comesFirst(head, streams[pick]!.loaded[next[pick]!]!))) pick = index;
    });
    const candidate = pick < 0 ? undefined : streams[pick]!.loaded[next[pick]!]!;
    const blocked = streams.flatMap((stream, index) => {
      if (!usedUp(index)) return [];
      const bound = later(stream.loaded.at(-1), prefixEnd);
      // The candidate may go first when it is not after the bound of what is missing.
      return candidate && bound && !comesFirst(bound, candidate) ? [] : [index];
    });
    if (blocked.length > 0 || !candidate) return { merged, blocked };
    merged.push(candidate);
    next[pick] = next[pick]! + 1;
  }
}
