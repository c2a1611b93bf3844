import { Tabs as RadixTabs } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Tabs: `<Tabs defaultValue="a"><TabsList><TabsTrigger value="a">A</TabsTrigger></TabsList><TabsContent value="a">...`. */
export const Tabs = RadixTabs.Root;

/**
 * The row of tab buttons. When there are more than fit, it wraps onto further rows rather than
 * scrolling sideways: a row cut off at its edge gave no sign that tabs were hidden past it.
 * `stretch` makes it as wide as its container with equal tabs (two or three tabs in a card, say).
 */
export function TabsList({ className, stretch, ...props }: ComponentProps<typeof RadixTabs.List> & { stretch?: boolean }) {
  return (
    <RadixTabs.List
      className={cn(
        // slate-600, not the muted grey: 4.5:1 and more on slate-100 (the muted grey is 4.34:1).
        'max-w-full flex-wrap items-center gap-1 rounded-lg bg-slate-100 p-1 text-slate-600',
        stretch ? 'flex w-full *:flex-1' : 'inline-flex',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'inline-flex h-8 shrink-0 cursor-pointer items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
        'hover:text-ink disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cn('mt-4 focus-visible:outline-2 focus-visible:outline-primary', className)} {...props} />;
}
