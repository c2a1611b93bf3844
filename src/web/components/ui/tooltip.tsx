import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ReactNode } from 'react';

type TooltipProps = {
  /** What the tooltip says. */
  content: ReactNode;
  /** The one element it describes (a button, usually); it must accept a ref. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
};

/**
 * A short hint on hover and keyboard focus, 4 px from its element, with the spec's timing: open
 * after 700 ms, skip delay 300 ms. Each tooltip brings its own provider, so the tooltip code (and
 * its positioning library) loads with the screens that use one, not with every page.
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <RadixTooltip.Root>
      <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content side={side} sideOffset={4} className="z-50 max-w-xs rounded-md bg-ink px-2.5 py-1.5 text-xs text-white shadow-md">
          {content}
        </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
