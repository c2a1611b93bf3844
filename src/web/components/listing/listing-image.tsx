import { useState } from 'react';
import { CategoryIcon } from '../category-icon';
import { cn } from '../../lib/cn';

/**
 * A listing's picture, or a calm placeholder when it has none or the picture fails to load, so a
 * grid of cards keeps its rhythm either way.
 */
export function ListingImage({ src, alt, icon, className }: { src: string | null; alt: string; icon?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div aria-hidden="true" className={cn('flex items-center justify-center bg-gradient-to-br from-primary-soft to-slate-100 text-primary/60', className)}>
        <CategoryIcon name={icon} className="h-10 w-10" />
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} className={cn('object-cover', className)} />;
}
