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
