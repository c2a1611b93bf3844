// Interim: replaced by the screen's real implementation in this same change.
export function TermsPage() {
  return <main className="p-8">TermsPage</main>;
}
