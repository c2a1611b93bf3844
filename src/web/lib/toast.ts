import { useSyncExternalStore, type ReactNode } from 'react';

export type ToastInput = {
  title: string;
  description?: ReactNode;
  variant?: 'default' | 'destructive';
  /** An optional action button: its label and what it does. */
  action?: { label: string; onClick: () => void };
};
export type ToastItem = ToastInput & { id: number; open: boolean };

// The spec shows one toast at a time: a new toast replaces the one on screen.
const TOAST_LIMIT = 1;
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]) {
  toasts = next;
  listeners.forEach((listener) => listener());
}

/** Shows a toast from anywhere (components, mutation callbacks). */
export function toast(input: ToastInput) {
  const item: ToastItem = { ...input, id: nextId++, open: true };
  emit([item, ...toasts].slice(0, TOAST_LIMIT));
  return item.id;
}

export function dismissToast(id: number) {
  emit(toasts.filter((item) => item.id !== id));
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    // No toast is up in a server render, nor while the browser hydrates it.
    () => noToasts,
  );
}

const noToasts: ToastItem[] = [];

// The toasts' region is loaded with the first toast (src/web/app/toasts.tsx). On a slow phone that
// load can take longer than the spec's delay before a page leaves, which would take a toast with it
// unseen; so a delay that follows a toast counts from when the region has a toast on screen. Not
// from when the region mounts: its first toast is rendered in a later pass (Radix portals it into
// the viewport once that exists), which a slowed CPU spreads over time slices that the delay's
// timer can overtake, and the page then left before the toast was ever in it.
//
// Nor is there a time limit on that wait: on a phone six times slower than a desktop the region
// took 4 s to mount and its toast longer, and any limit a slow enough phone overruns sends the
// person on unseen. What the wait must not outlast is a region that will never show, and that is
// known for certain: its code failed to load (offline), and toasts.tsx says so.
let region: 'loading' | 'shown' | 'unavailable' = 'loading';
const waitingForRegion: Array<() => void> = [];

function regionSettled(state: 'shown' | 'unavailable') {
  region = state;
  waitingForRegion.splice(0).forEach((resolve) => resolve());
}

/** Called by a toast once it is in the page (the region's first, and every one after). */
export const toastRegionShown = () => regionSettled('shown');

/** Called when the region's code could not be loaded: no toast will show, so nothing waits for one. */
export const toastRegionUnavailable = () => regionSettled('unavailable');

/** Runs `action` `delayMs` after the toast just raised is on screen. */
export function afterToastShown(delayMs: number, action: () => void) {
  const shown = region !== 'loading' || toasts.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => waitingForRegion.push(resolve));
  void shown.then(() => setTimeout(action, delayMs));
}
