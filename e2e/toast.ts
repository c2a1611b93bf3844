import type { Page } from '@playwright/test';

/** The toast on screen (one at a time): an item of the "Notifications (F8)" region. */
export const toastOf = (page: Page) => page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
