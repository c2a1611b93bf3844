import { Avatar as RadixAvatar } from 'radix-ui';
import { initialsOf } from '../../../shared/format';
import { cn } from '../../lib/cn';

const sizes = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-16 w-16 text-lg',
  xl: 'h-24 w-24 text-2xl',
} as const;

type AvatarProps = {
  /** The picture, if any; while it loads or when it fails the initials show. */
  src?: string | null;
  /** The person's or company's name: the initials and the image's alternative text. */
  name: string;
  size?: keyof typeof sizes;
  className?: string;
};

/** A round picture of a person or company, with their initials as the fallback. */
export function Avatar({ src, name, size = 'md', className }: AvatarProps) {
  return (
    <RadixAvatar.Root className={cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft align-middle', sizes[size], className)}>
      {src && <RadixAvatar.Image src={src} alt={name} className="h-full w-full object-cover" />}
      <RadixAvatar.Fallback className="font-semibold text-primary" role="img" aria-label={name}>
        {initialsOf(name)}
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
