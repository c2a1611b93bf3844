/** The marketing figures: the spec's fixed text, the operator's own, or the directory's counts (the server chose). */
export function HomeStats({ stats }: { stats: { value: string; label: string }[] }) {
  return (
    <section aria-label="The directory in numbers" className="border-b border-line bg-surface">
      <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-y-8 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        {stats.map((stat) => (
          <div key={stat.label} className="flex flex-col-reverse items-center text-center">
            <dt className="mt-1 text-sm font-medium text-muted">{stat.label}</dt>
            <dd className="text-3xl font-bold text-primary sm:text-4xl">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
