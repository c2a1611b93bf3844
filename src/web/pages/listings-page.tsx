export function ListingsPage({ type }: { type: 'tools' | 'services' }) {
  return <main className="p-8">{type}</main>;
}
