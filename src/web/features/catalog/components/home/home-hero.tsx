import { useLocation } from 'wouter';
import { BadgeCheck } from '../../../../components/ui/icons';
import { withQuery } from '../../../../lib/api';
import { SearchForm } from '../search-form';

/** The first thing a visitor reads: what the directory is (the operator's words, or the spec's), and a search straight into the tools. */
export function HomeHero({ title, text, badge }: { title: string; text: string; badge: string }) {
  const [, navigate] = useLocation();
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-indigo-700 via-primary to-violet-600 text-white">
      {/* Soft light shapes so the wide screen's empty right half does not look unfinished. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 hidden lg:block">
        <div className="absolute -top-24 right-[-6rem] h-[28rem] w-[28rem] rounded-full bg-white/10" />
        <div className="absolute right-40 bottom-[-8rem] h-80 w-80 rounded-full bg-violet-300/20" />
        <div className="absolute top-24 right-72 h-40 w-40 rounded-3xl bg-white/10 rotate-12" />
      </div>
      <div className="relative mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium ring-1 ring-white/25">
          <BadgeCheck aria-hidden="true" className="h-4 w-4" />
          {badge}
        </p>
        <h1 className="mt-6 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-indigo-100 sm:text-xl">
          {text}
        </p>
        <SearchForm
          className="mt-8 max-w-2xl [&_input]:border-white/0 [&_input]:shadow-lg"
          tone="onColour"
          initialTerm=""
          placeholder="Search tools and services..."
          label="Search tools and services"
          form={{ action: '/tools', keep: [] }}
          onSearch={(term) => term && navigate(withQuery('/tools', { search: term }))}
        />
      </div>
    </section>
  );
}
