import { Toast } from 'radix-ui';
import { X } from './icons';
import { cn } from '../../lib/cn';
import { dismissToast, toastRegionShown, useToasts, type ToastItem } from '../../lib/toast';
import { withPricingLink } from '../pricing-link';

const looks = {
  default: 'border-line bg-surface text-ink',
  destructive: 'border-danger bg-danger text-white',
} as const;

/**
 * Renders the toast store (src/web/lib/toast.ts) with the spec's numbers: shown 5 s, swiped away
 * to the right past 50 px, F8 focuses the region. Stacked at the top on phones, bottom right from md.
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((item) => (
        <ToastCard key={item.id} item={item} />
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none md:top-auto md:right-0 md:bottom-0 md:max-w-[420px] md:flex-col"
      />
    </Toast.Provider>
  );
}

/** A toast's element is in the page: what a delay after it waits for (toast.ts). */
const onShown = (element: HTMLLIElement | null) => {
  if (element) toastRegionShown();
};

function ToastCard({ item }: { item: ToastItem }) {
  const variant = item.variant ?? 'default';
  return (
    <Toast.Root
      ref={onShown}
      open={item.open}
      onOpenChange={(open) => {
        if (!open) dismissToast(item.id);
      }}
      type={variant === 'destructive' ? 'foreground' : 'background'}
      data-variant={variant}
      className={cn(
        'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[state=open]:animate-[toast-in_150ms_ease-out]',
        looks[variant],
      )}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
        {item.description && (
          <Toast.Description className={cn('text-sm', variant === 'default' && 'text-muted')}>
            {/* A refusal of the provider's plan ends with the plans' address: a link, wherever it is refused. */}
            {typeof item.description === 'string' ? withPricingLink(item.description) : item.description}
          </Toast.Description>
        )}
      </div>
      {item.action && (
        <Toast.Action
          altText={item.action.label}
          onClick={item.action.onClick}
          className={cn(
            'inline-flex h-8 shrink-0 cursor-pointer items-center rounded-md border px-3 text-sm font-medium',
            variant === 'destructive' ? 'border-white/40 hover:bg-white/10' : 'border-line hover:bg-canvas',
          )}
        >
          {item.action.label}
        </Toast.Action>
      )}
      <Toast.Close
        aria-label="Close"
        className={cn(
          'absolute top-2 right-2 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100',
          variant === 'destructive' ? 'text-white' : 'text-muted',
        )}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </Toast.Close>
    </Toast.Root>
  );
}
