// Interim: replaced by the screen's real implementation in this same change.
export function ContactPage() {
  return <main className="p-8">ContactPage</main>;
}
