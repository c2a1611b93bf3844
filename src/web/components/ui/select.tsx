import { Select as RadixSelect } from 'radix-ui';
import type { ComponentProps } from 'react';
import { Check, ChevronDown } from './icons';
import { cn } from '../../lib/cn';

/**
 * A styled single choice: `<Select value onValueChange><SelectTrigger id aria-label><SelectValue placeholder /></SelectTrigger>
 * <SelectContent><SelectItem value="x">X</SelectItem></SelectContent></Select>`. Radix forbids an empty
 * string as an item value: use a word such as "none" for "no choice".
 */
export const Select = RadixSelect.Root;
export const SelectValue = RadixSelect.Value;

export function SelectTrigger({ className, children, ...props }: ComponentProps<typeof RadixSelect.Trigger>) {
  return (
    <RadixSelect.Trigger
      className={cn(
        'flex h-10 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-line bg-surface px-3 text-left text-sm text-ink',
        'focus-visible:outline-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-danger data-[placeholder]:text-muted',
        className,
      )}
      {...props}
    >
      <span className="truncate">{children}</span>
      <RadixSelect.Icon>
        <ChevronDown className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
      </RadixSelect.Icon>
    </RadixSelect.Trigger>
  );
}

export function SelectContent({ className, children, position = 'popper', ...props }: ComponentProps<typeof RadixSelect.Content>) {
  return (
    <RadixSelect.Portal>
      <RadixSelect.Content
        position={position}
        sideOffset={4}
        className={cn(
          'z-50 max-h-[min(var(--radix-select-content-available-height),20rem)] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-line bg-surface text-ink shadow-lg',
          className,
        )}
        {...props}
      >
        <RadixSelect.Viewport className="p-1">{children}</RadixSelect.Viewport>
      </RadixSelect.Content>
    </RadixSelect.Portal>
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof RadixSelect.Item>) {
  return (
    <RadixSelect.Item
      className={cn(
        'relative flex cursor-pointer items-center rounded-md py-2 pr-2 pl-8 text-sm outline-none select-none',
        'data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-primary-soft data-[highlighted]:text-primary',
        className,
      )}
      {...props}
    >
      <RadixSelect.ItemIndicator className="absolute left-2 inline-flex items-center">
        <Check className="h-4 w-4" aria-hidden="true" />
      </RadixSelect.ItemIndicator>
      <RadixSelect.ItemText>{children}</RadixSelect.ItemText>
    </RadixSelect.Item>
  );
}
