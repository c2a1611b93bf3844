// Interim: replaced by the screen's real implementation in this same change.
export function AuthPage() {
  return <main className="p-8">AuthPage</main>;
}
