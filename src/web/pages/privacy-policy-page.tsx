// Interim: replaced by the screen's real implementation in this same change.
export function PrivacyPolicyPage() {
  return <main className="p-8">PrivacyPolicyPage</main>;
}
