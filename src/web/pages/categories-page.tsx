// Interim: replaced by the screen's real implementation in this same change.
export function CategoriesPage() {
  return <main className="p-8">CategoriesPage</main>;
}
