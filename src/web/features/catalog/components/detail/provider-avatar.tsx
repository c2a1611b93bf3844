import { initialsOf } from '../../../../../shared/format';
import { imageSrcSet } from '../../../../../shared/image-widths';
import { cn } from '../../../../lib/cn';

/** Avatars are stored 256 px square. */
const STORED_WIDTH = 256;

/** A provider's picture, or their initials on a tinted circle; `size` is how many CSS pixels wide it is drawn. */
export function ProviderAvatar({ name, imageUrl, size, className }: { name: string; imageUrl: string | null; size: number; className?: string }) {
  if (imageUrl) {
    const srcSet = imageSrcSet(imageUrl, STORED_WIDTH);
    return (
      <img
        src={imageUrl}
        srcSet={srcSet}
        sizes={srcSet && `${size}px`}
        width={size}
        height={size}
        alt=""
        loading="lazy"
        decoding="async"
        className={cn('rounded-full bg-slate-100 object-cover', className)}
      />
    );
  }
  return (
    <span aria-hidden="true" className={cn('flex items-center justify-center rounded-full bg-primary-soft font-semibold text-primary', className)}>
      {initialsOf(name)}
    </span>
  );
}
