import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowRight } from '../../../../components/ui/icons';
import { cn } from '../../../../lib/cn';

/** A titled band of the home page, with an optional 'see more' link beside the title. */
export function HomeSection({
  id,
  title,
  description,
  more,
  className,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  more?: { href: string; label: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('py-14 sm:py-16', className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id={id} className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
              {title}
            </h2>
            {description && <p className="mt-2 max-w-2xl text-muted">{description}</p>}
          </div>
          {more && (
            <Link href={more.href} className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline">
              {more.label}
              <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}
