import { Link } from 'wouter';

/** In place of the contact form on a provider's own service: messages to oneself would count as leads. */
export function OwnListingContactNote() {
  return (
    <section aria-labelledby="contact-provider-heading">
      <h2 id="contact-provider-heading" className="text-lg font-semibold text-ink">
        Contact Provider
      </h2>
      <p className="mt-1 text-sm text-muted">
        This is your listing: agencies send you their messages here. You will find them under{' '}
        <Link href="/provider" className="font-medium text-primary hover:underline">
          Leads in your dashboard
        </Link>
        .
      </p>
    </section>
  );
}
