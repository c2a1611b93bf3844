import { Dialog as RadixDialog } from 'radix-ui';
import type { ComponentProps, HTMLAttributes } from 'react';
import { X } from './icons';
import { cn } from '../../lib/cn';

/** A modal dialog: `<Dialog open onOpenChange><DialogContent title=...>...</DialogContent></Dialog>`. */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export const overlayClass = 'fixed inset-0 z-50 bg-ink/50 data-[state=open]:animate-[fade-in_150ms_ease-out]';

type DialogContentProps = ComponentProps<typeof RadixDialog.Content> & {
  /** The dialog's heading; also its accessible name. */
  title: string;
  /** A line under the title; also the accessible description. */
  description?: string;
  /** Hides the corner close button (a dialog whose footer already has Cancel, say). */
  hideCloseButton?: boolean;
};

/** The centred panel with its title, optional description and a close button; scrolls when tall. */
export function DialogContent({ title, description, hideCloseButton, className, children, ...props }: DialogContentProps) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClass} />
      <RadixDialog.Content
        // Without a description Radix expects aria-describedby to be switched off explicitly.
        {...(description ? {} : { 'aria-describedby': undefined })}
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
          'overflow-y-auto rounded-xl border border-line bg-surface p-6 shadow-xl focus:outline-none',
          className,
        )}
        {...props}
      >
        <div className="mb-4 space-y-1 pr-8">
          <RadixDialog.Title className="text-lg font-semibold text-ink">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>}
        </div>
        {children}
        {!hideCloseButton && (
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 cursor-pointer rounded-md p-1 text-muted hover:bg-canvas hover:text-ink"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </RadixDialog.Close>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on phones, right-aligned on wider screens. */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
