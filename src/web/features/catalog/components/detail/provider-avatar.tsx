import { initialsOf } from '../../../../../shared/format';
import { cn } from '../../../../lib/cn';

/** A provider's picture, or their initials on a tinted circle. */
export function ProviderAvatar({ name, imageUrl, className }: { name: string; imageUrl: string | null; className?: string }) {
  if (imageUrl) return <img src={imageUrl} alt="" className={cn('rounded-full object-cover', className)} />;
  return (
    <span aria-hidden="true" className={cn('flex items-center justify-center rounded-full bg-primary-soft font-semibold text-primary', className)}>
      {initialsOf(name)}
    </span>
  );
}
