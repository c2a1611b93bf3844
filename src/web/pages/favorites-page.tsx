export default function FavoritesPage() {
  return <main className="p-8">FavoritesPage</main>;
}
