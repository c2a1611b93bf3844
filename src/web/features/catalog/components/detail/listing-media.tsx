import { useState } from 'react';
import type { Listing } from '../../../../../shared/types';
import { ListingImage } from '../../../../components/listing/listing-image';

/** A tool's website screenshot; hidden altogether when it fails to load (SPEC.md section 8). */
function Screenshot({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <figure className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      <img src={src} alt={`Screenshot of ${title}`} loading="lazy" onError={() => setFailed(true)} className="w-full object-cover object-top" />
      <figcaption className="border-t border-line px-4 py-2 text-xs text-muted">Website screenshot</figcaption>
    </figure>
  );
}

/** The listing's image, and for tools the screenshot of their website. */
export function ListingMedia({ listing }: { listing: Listing }) {
  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <ListingImage src={listing.imageUrl} alt={listing.title} className="aspect-[16/9] w-full" />
      </div>
      {listing.type === 'tools' && listing.screenshotUrl && <Screenshot src={listing.screenshotUrl} title={listing.title} />}
    </div>
  );
}
