/** Shown while a page's code or first data arrives. */
export function PageSpinner() {
  return (
    <div role="status" aria-label="Loading" className="flex flex-1 items-center justify-center py-24">
      <div className="h-8 w-8 animate-spin rounded-full border-4 border-primary-soft border-t-primary" />
    </div>
  );
}
