import { toast } from '../../lib/toast';

/**
 * The 'Logged out' toast outlives the page it was asked for on. Signing out navigates the whole
 * page to /api/logout (SPEC.md section 4), which tears down the page and any toast on it before
 * anyone can read it, so the toast is remembered in sessionStorage and shown once by the page
 * that loads afterwards (the home page /api/logout redirects to).
 */
const KEY = 'logged-out-notice';

export function rememberLogoutNotice() {
  try {
    sessionStorage.setItem(KEY, '1');
  } catch {
    // Storage refused (a privacy mode): the sign-out still happens, only without its toast.
  }
}

/** Shows the remembered toast once, if a sign-out asked for it. Called when the app starts. */
export function showRememberedLogoutNotice() {
  let remembered = false;
  try {
    remembered = sessionStorage.getItem(KEY) !== null;
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  if (remembered) toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
}
