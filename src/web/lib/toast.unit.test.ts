import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ToastModule from './toast';

// The module keeps the page's toast state: each test loads its own copy (a query makes a new
// module), a page that has shown none. Not vi.resetModules: test files share their worker's modules.
let pages = 0;
const freshToastModule = (): Promise<typeof ToastModule> => import(/* @vite-ignore */ `./toast?page=${++pages}`);

describe('a delay after a toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts from when the toast is on screen, however long its region takes to show', async () => {
    const { afterToastShown, toast, toastRegionShown } = await freshToastModule();
    const leave = vi.fn();
    toast({ title: 'Please log in' });
    afterToastShown(500, leave);
    // A slow phone: the region's code and its first render take far longer than the delay.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(leave).not.toHaveBeenCalled();
    toastRegionShown();
    await vi.advanceTimersByTimeAsync(499);
    expect(leave).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(leave).toHaveBeenCalledOnce();
  });

  it('counts from now once the region is on screen', async () => {
    const { afterToastShown, toast, toastRegionShown } = await freshToastModule();
    toastRegionShown();
    const leave = vi.fn();
    toast({ title: 'Please sign in' });
    afterToastShown(1000, leave);
    await vi.advanceTimersByTimeAsync(1000);
    expect(leave).toHaveBeenCalledOnce();
  });

  it('waits for nothing when the region cannot load, then or later', async () => {
    const { afterToastShown, toast, toastRegionUnavailable } = await freshToastModule();
    const first = vi.fn();
    toast({ title: 'Please log in' });
    afterToastShown(500, first);
    toastRegionUnavailable();
    await vi.advanceTimersByTimeAsync(500);
    expect(first).toHaveBeenCalledOnce();
    const second = vi.fn();
    toast({ title: 'Please log in' });
    afterToastShown(500, second);
    await vi.advanceTimersByTimeAsync(500);
    expect(second).toHaveBeenCalledOnce();
  });

  it('waits for nothing when no toast was raised', async () => {
    const { afterToastShown } = await freshToastModule();
    const reload = vi.fn();
    afterToastShown(2000, reload);
    await vi.advanceTimersByTimeAsync(2000);
    expect(reload).toHaveBeenCalledOnce();
  });
});
