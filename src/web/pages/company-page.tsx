export function CompanyPage({ idOrSlug }: { idOrSlug: string }) {
  return <main className="p-8">{idOrSlug}</main>;
}
