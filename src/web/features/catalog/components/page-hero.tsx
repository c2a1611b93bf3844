import type { ReactNode } from 'react';

/** The band at the top of a catalogue page: its title, a line about it, and the search box. */
export function PageHero({ title, description, icon, children }: { title: string; description?: ReactNode; icon?: ReactNode; children?: ReactNode }) {
  return (
    <section className="border-b border-line bg-gradient-to-b from-primary-soft to-canvas">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14 lg:px-8">
        <div className="flex items-start gap-4">
          {icon && <div className="hidden shrink-0 rounded-xl bg-surface p-3 text-primary shadow-sm ring-1 ring-line sm:block">{icon}</div>}
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
            {description && <p className="mt-3 max-w-2xl text-base text-muted sm:text-lg">{description}</p>}
          </div>
        </div>
        {children && <div className="mt-6 max-w-2xl">{children}</div>}
      </div>
    </section>
  );
}
