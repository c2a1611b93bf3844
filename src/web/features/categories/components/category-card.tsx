import { Link } from 'wouter';
import { ChevronRight } from '../../../components/ui/icons';
import type { CategorySummary } from '../../../../shared/types';
import { CategoryIcon } from '../../../components/category-icon';
import { categoryPath } from '../category-path';

/** A top-level category: its icon, name and description, and its subcategories as bullets; `showType` says whether it holds tools or services (where both kinds are mixed). */
export function CategoryCard({ category, subcategories = [], showType }: { category: CategorySummary; subcategories?: CategorySummary[]; showType?: boolean }) {
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-line bg-surface p-5 shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-primary hover:shadow-md">
      <div className="flex items-start gap-4">
        <div className="shrink-0 rounded-lg bg-primary-soft p-2.5 text-primary">
          <CategoryIcon name={category.icon} className="h-6 w-6" />
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold text-ink">
            <Link href={categoryPath(category)} className="outline-none after:absolute after:inset-0 after:content-['']">
              {category.name}
            </Link>
          </h3>
          {showType && <p className="mt-0.5 text-xs font-medium tracking-wide text-primary uppercase">{category.type === 'tools' ? 'Tools' : 'Services'}</p>}
          {category.description && <p className="mt-1 line-clamp-3 text-sm text-muted">{category.description}</p>}
        </div>
        <ChevronRight aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-muted transition-transform group-hover:translate-x-0.5" />
      </div>
      {subcategories.length > 0 && (
        <ul className="relative z-10 mt-4 list-disc space-y-1 border-t border-line pt-4 pl-9 text-sm marker:text-primary">
          {subcategories.map((subcategory) => (
            <li key={subcategory.id}>
              <Link href={categoryPath(subcategory)} className="text-ink hover:text-primary hover:underline">
                {subcategory.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
