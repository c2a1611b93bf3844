import { useState } from 'react';
import type { Listing } from '../../../../../shared/types';
import { imageSrcSet } from '../../../../../shared/image-widths';
import { ListingImage } from '../../../../components/listing/listing-image';

// Beside the 22rem sidebar on wide screens, the whole width below that.
const MAIN_IMAGE_SIZES = '(min-width: 1280px) 830px, (min-width: 1024px) calc(100vw - 450px), 100vw';
/** Screenshots are taken 800 x 500. */
const SCREENSHOT = { width: 800, height: 500 };

/** A tool's website screenshot; hidden altogether when it fails to load (SPEC.md section 8). */
function Screenshot({ src, title }: { src: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  const srcSet = imageSrcSet(src, SCREENSHOT.width);
  return (
    <figure className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet && MAIN_IMAGE_SIZES}
        width={SCREENSHOT.width}
        height={SCREENSHOT.height}
        alt={`Screenshot of ${title}`}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="aspect-[8/5] w-full bg-slate-100 object-cover object-top"
      />
      <figcaption className="border-t border-line px-4 py-2 text-xs text-muted">Website screenshot</figcaption>
    </figure>
  );
}

/** The listing's image (the page's largest picture, fetched first), and for tools the screenshot of their website. */
export function ListingMedia({ listing }: { listing: Listing }) {
  return (
    <div className="space-y-4">
      <div className="overflow-hidden rounded-xl border border-line bg-surface shadow-sm">
        <ListingImage src={listing.imageUrl} alt={listing.title} className="aspect-[16/9] w-full" sizes={MAIN_IMAGE_SIZES} priority="high" />
      </div>
      {listing.type === 'tools' && listing.screenshotUrl && <Screenshot src={listing.screenshotUrl} title={listing.title} />}
    </div>
  );
}
