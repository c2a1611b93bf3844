import { useState } from 'react';
import { preload } from 'react-dom';
import { imageSrcSet } from '../../../shared/image-widths';
import { CategoryIcon } from '../category-icon';
import { cn } from '../../lib/cn';

/** Listing pictures are stored 800 x 450 (16:9); the box keeps that shape before any pixel arrives. */
export const LISTING_IMAGE = { width: 800, height: 450 };

/** Cards: one column on phones, two from 640 px, three across a wide screen. */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 400px, (min-width: 640px) 50vw, 100vw';

type ListingImageProps = {
  src: string | null;
  alt: string;
  icon?: string | null;
  className?: string;
  /** How wide the picture is drawn (the `sizes` attribute), so the browser fetches the smallest width that is sharp. */
  sizes?: string;
  /**
   * 'high' for the largest picture above the fold: fetched first and preloaded (in the server's
   * head when the page is rendered there); 'eager' for others likely on screen at once; by
   * default pictures load only as they near the screen.
   */
  priority?: 'high' | 'eager' | 'lazy';
};

/**
 * A listing's picture at the widths the image route offers, or a calm placeholder when it has none
 * or the picture fails to load, so a grid of cards keeps its rhythm either way.
 */
export function ListingImage({ src, alt, icon, className, sizes = CARD_IMAGE_SIZES, priority = 'lazy' }: ListingImageProps) {
  const [failed, setFailed] = useState(false);
  const srcSet = src ? imageSrcSet(src, LISTING_IMAGE.width) : undefined;
  // React puts this <link rel="preload"> in the document's head, on the server as in the browser.
  if (src && !failed && priority === 'high') preload(src, { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet, imageSizes: srcSet && sizes });
  if (!src || failed) {
    return (
      <div aria-hidden="true" className={cn('flex items-center justify-center bg-gradient-to-br from-primary-soft to-slate-100 text-primary/60', className)}>
        <CategoryIcon name={icon} className="h-10 w-10" />
      </div>
    );
  }
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet && sizes}
      alt={alt}
      width={LISTING_IMAGE.width}
      height={LISTING_IMAGE.height}
      loading={priority === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={priority === 'high' ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('bg-slate-100 object-cover', className)}
    />
  );
}
