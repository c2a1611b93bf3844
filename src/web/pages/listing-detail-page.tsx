export function ListingDetailPage({ type, idOrSlug }: { type: 'tools' | 'services'; idOrSlug: string }) {
  return <main className="p-8">{type} {idOrSlug}</main>;
}
