import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps } from 'react';
import { X } from './icons';
import { cn } from '../../lib/cn';
import { overlayClass } from './dialog';

/** A panel that slides in from the screen's edge (the mobile navigation); a modal dialog underneath. */
export const SidePanel = RadixDialog.Root;
export const SidePanelTrigger = RadixDialog.Trigger;
export const SidePanelClose = RadixDialog.Close;

type SidePanelContentProps = ComponentProps<typeof RadixDialog.Content> & {
  /** The panel's heading; also its accessible name. */
  title: string;
  side?: 'left' | 'right';
};

export function SidePanelContent({ title, side = 'right', className, children, ...props }: SidePanelContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClass} />
      <RadixDialog.Content
        aria-describedby={undefined}
        className={cn(
          'fixed inset-y-0 z-50 flex w-[min(20rem,85vw)] flex-col overflow-y-auto bg-surface p-6 shadow-xl focus:outline-none',
          side === 'right' ? 'right-0 data-[state=open]:animate-[slide-in-right_200ms_ease-out]' : 'left-0 data-[state=open]:animate-[slide-in-left_200ms_ease-out]',
          className,
        )}
        {...props}
      >
        <div className="mb-6 flex items-center justify-between gap-4">
          <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
          <RadixDialog.Close aria-label="Close" className="cursor-pointer rounded-md p-1 text-muted hover:bg-canvas hover:text-ink">
            <X className="h-5 w-5" aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
