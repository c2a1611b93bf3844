/** The spec's fixed marketing figures (SPEC.md section 1); they are copy, not counts. */
const stats = [
  { value: '300+', label: 'Active Services' },
  { value: '150+', label: 'Trusted Providers' },
  { value: '25+', label: 'Categories' },
  { value: '99%', label: 'Success Rate' },
];

export function HomeStats() {
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
