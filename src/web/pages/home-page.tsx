// Interim: replaced by the screen's real implementation in this same change.
export function HomePage() {
  return <main className="p-8">HomePage</main>;
}
