import { Link } from 'wouter';

// Styled here rather than with Button: on the gradient they need their own colours, not the theme's.
const link = 'inline-flex h-12 items-center justify-center rounded-md px-6 text-base font-semibold transition-colors';

/** The closing invitation: straight into the tools or the services. */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-to-br from-indigo-700 via-primary to-violet-600 px-6 py-12 text-center text-white shadow-lg sm:px-12">
        <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          Ready to grow what your agency offers?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-indigo-100">Find the tools and services your clients are asking for, from providers other agencies trust.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link href="/tools" className={`${link} bg-white text-primary hover:bg-indigo-50`}>
            Browse Tools
          </Link>
          <Link href="/services" className={`${link} border border-white/70 text-white hover:bg-white/10`}>
            Browse Services
          </Link>
        </div>
      </div>
    </section>
  );
}
