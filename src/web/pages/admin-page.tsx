export default function AdminPage() {
  return <main className="p-8">AdminPage</main>;
}
