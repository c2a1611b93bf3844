import { AlertDialog as RadixAlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { overlayClass } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** What will happen, in the spec's words ("... This action cannot be undone."). */
  description: ReactNode;
  confirmLabel?: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** A red confirm button, for deletions. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
};

/**
 * Asks before something that cannot be undone. The dialog stays open while `pending` so the
 * caller closes it (onOpenChange(false)) when the work has succeeded.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  pendingLabel,
  cancelLabel = 'Cancel',
  destructive,
  pending,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={overlayClass} />
        <RadixAlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-surface p-6 shadow-xl focus:outline-none">
          <RadixAlertDialog.Title className="text-lg font-semibold text-ink">{title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-2 text-sm text-muted">{description}</RadixAlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <RadixAlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel}
              </Button>
            </RadixAlertDialog.Cancel>
            {/* A plain button, not AlertDialog.Action: Action would close the dialog before the work is done. */}
            <Button variant={destructive ? 'destructive' : 'primary'} disabled={pending} onClick={onConfirm}>
              {pending && pendingLabel ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
