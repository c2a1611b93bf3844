const SHOWN_TAGS = 3;

/** The first three tags, then '+N more' (SPEC.md section 9). */
export function ListingTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  const hidden = tags.length - SHOWN_TAGS;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {tags.slice(0, SHOWN_TAGS).map((tag) => (
        <li key={tag} className="rounded-full bg-canvas px-2 py-0.5 text-xs text-muted ring-1 ring-line">
          {tag}
        </li>
      ))}
      {hidden > 0 && <li className="px-1 py-0.5 text-xs text-muted">+{hidden} more</li>}
    </ul>
  );
}
