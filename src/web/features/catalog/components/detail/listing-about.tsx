import { CheckCircle2 } from '../../../../components/ui/icons';
import type { Listing } from '../../../../../shared/types';

const card = 'rounded-xl border border-line bg-surface p-6 shadow-sm';

/** The description, "What's Included" and the tags. */
export function ListingAbout({ listing }: { listing: Listing }) {
  return (
    <>
      <section aria-labelledby="description-heading" className={card}>
        <h2 id="description-heading" className="mb-3 text-xl font-semibold text-ink">
          Description
        </h2>
        {listing.shortDescription && <p className="mb-3 font-medium text-ink">{listing.shortDescription}</p>}
        <p className="leading-7 break-words whitespace-pre-line text-muted">{listing.description}</p>
      </section>

      {listing.features.length > 0 && (
        <section aria-labelledby="included-heading" className={card}>
          <h2 id="included-heading" className="mb-4 text-xl font-semibold text-ink">
            What's Included
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {listing.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-ink">
                <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
                <span className="break-words">{feature}</span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {listing.tags.length > 0 && (
        <section aria-labelledby="tags-heading" className={card}>
          <h2 id="tags-heading" className="mb-3 text-xl font-semibold text-ink">
            Tags
          </h2>
          <ul className="flex flex-wrap gap-2">
            {listing.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-primary-soft px-3 py-1 text-sm text-primary">
                {tag}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
