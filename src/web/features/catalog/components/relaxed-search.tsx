/**
 * "No listing has all of ‘email newsletter tool’; showing those with ‘email newsletter’" above
 * a search's results, when the server left words out so that the search finds something
 * (X-Search-Words; docs/decisions/search.md, "Relaxing"). Nothing for a search that found every word.
 */
export function RelaxedSearch({ search, relaxedTo }: { search: string | undefined; relaxedTo: string | undefined }) {
  if (!search || !relaxedTo) return null;
  return (
    <p className="mb-4 text-sm text-muted" data-testid="relaxed-search">
      {/* One text node: the server's markup holds the sentence whole. */}
      {`No listing has all of ‘${search.trim()}’; showing those with ‘${relaxedTo}’`}
    </p>
  );
}
