export default function ProviderDashboardPage() {
  return <main className="p-8">ProviderDashboardPage</main>;
}
