// Interim: replaced by the screen's real implementation in this same change.
export function TrendingPage() {
  return <main className="p-8">TrendingPage</main>;
}
