import type { CategorySummary, ListingType } from '../../../../shared/types';
import { CategoryIcon } from '../../../components/category-icon';
import { Skeleton } from '../../../components/ui/skeleton';
import { Link } from 'wouter';

/** The spec's limit: up to 6 categories of each type on the dashboard. */
const PER_TYPE = 6;

const groups: { type: ListingType; title: string }[] = [
  { type: 'tools', title: 'Tool Categories' },
  { type: 'services', title: 'Service Categories' },
];

/** The dashboard's Categories tab: a few top-level categories of each type, each opening its page. */
export function CategoryShortcuts({ categories, isLoading }: { categories: CategorySummary[]; isLoading: boolean }) {
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {groups.map(({ type, title }) => {
        const shown = categories.filter((category) => category.type === type && category.parentId === null).slice(0, PER_TYPE);
        return (
          <section key={type} aria-labelledby={`shortcuts-${type}`} className="space-y-3">
            <h2 id={`shortcuts-${type}`} className="text-lg font-semibold text-ink">
              {title}
            </h2>
            {isLoading ? (
              <div className="grid gap-3 sm:grid-cols-2">
                {Array.from({ length: PER_TYPE }, (_, index) => (
                  <Skeleton key={index} className="h-16" />
                ))}
              </div>
            ) : shown.length === 0 ? (
              <p className="text-sm text-muted">No categories yet.</p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2">
                {shown.map((category) => (
                  <li key={category.id}>
                    <Link
                      href={`/category/${encodeURIComponent(category.slug)}?type=${type}`}
                      className="flex h-full items-center gap-3 rounded-lg border border-line bg-surface p-3 transition-colors hover:border-primary hover:bg-primary-soft"
                    >
                      <span className="rounded-md bg-primary-soft p-2 text-primary">
                        <CategoryIcon name={category.icon} className="h-5 w-5" />
                      </span>
                      <span className="min-w-0 truncate text-sm font-medium text-ink">{category.name}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
