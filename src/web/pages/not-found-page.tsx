// Interim: replaced by the screen's real implementation in this same change.
export function NotFoundPage() {
  return <main className="p-8">NotFoundPage</main>;
}
