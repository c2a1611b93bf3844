import { Link } from 'wouter';
import { FolderOpen, Heart, Package, Briefcase, type IconComponent } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';

type Stat = { label: string; value: number | undefined; icon: IconComponent; href: string };

type StatCardsProps = {
  favorites: number | undefined;
  categories: number | undefined;
  tools: number | undefined;
  services: number | undefined;
};

/** The four numbers at the top of the member dashboard; each card leads to what it counts. */
export function StatCards({ favorites, categories, tools, services }: StatCardsProps) {
  const stats: Stat[] = [
    { label: 'Favorites', value: favorites, icon: Heart, href: '/favorites' },
    { label: 'Categories', value: categories, icon: FolderOpen, href: '/categories' },
    { label: 'Tools', value: tools, icon: Package, href: '/tools' },
    { label: 'Services', value: services, icon: Briefcase, href: '/services' },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {stats.map(({ label, value, icon: Icon, href }) => (
        <li key={label}>
          <Link
            href={href}
            className="flex h-full items-center gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm transition-shadow hover:shadow-md sm:gap-4 sm:p-5"
          >
            <span className="rounded-lg bg-primary-soft p-2 text-primary sm:p-3">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span className="min-w-0">
              {value === undefined ? (
                <Skeleton className="mb-1 h-7 w-10" />
              ) : (
                <span className="block text-2xl font-bold text-ink" data-testid={`stat-${label.toLowerCase()}`}>
                  {value.toLocaleString('en-US')}
                </span>
              )}
              <span className="block truncate text-sm text-muted">{label}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
