import type { ReactNode } from 'react';

export const LEGAL_EFFECTIVE_DATE = 'July 6, 2025';

export type LegalSection = { heading: string; body: ReactNode };

/** A legal page's frame: title, effective date, a contents list and numbered sections. */
export function LegalDocument({ title, intro, sections }: { title: string; intro: ReactNode; sections: LegalSection[] }) {
  const anchor = (index: number) => `section-${index + 1}`;
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
      <header className="space-y-2 border-b border-line pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="text-sm text-muted">Effective date: {LEGAL_EFFECTIVE_DATE}</p>
      </header>
      <div className="mt-6 space-y-4 leading-7 text-ink">{intro}</div>
      <nav aria-label="Contents" className="mt-8 rounded-xl border border-line bg-surface p-5">
        <h2 className="text-sm font-semibold text-ink">Contents</h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
          {sections.map((section, index) => (
            <li key={section.heading}>
              <a href={`#${anchor(index)}`} className="text-primary hover:underline">
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.heading} id={anchor(index)} className="mt-10 space-y-3 leading-7 text-ink">
          <h2 className="text-xl font-semibold">
            {index + 1}. {section.heading}
          </h2>
          {section.body}
        </section>
      ))}
    </main>
  );
}
