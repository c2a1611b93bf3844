import { APP_MODULES_ID } from '../shared/page-data-ids';
import './styles.css';

// Should the browser report no paint (an old browser, a page with nothing to show), the app
// starts anyway after this long.
const PAINT_WAIT_LIMIT_MS = 2000;

/**
 * Runs `work` once the browser has shown the page the server rendered. The page is complete, links
 * and search form included, before any script runs; so the styles and the first image get a phone's
 * connection and CPU to themselves, and the app's code (React, the data layer, the page) is
 * fetched, evaluated and hydrated after the first paint rather than in front of it.
 */
function afterFirstPaint(work: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    work();
  };
  // A tab opened in the background paints nothing until it is shown: no reason to wait there.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return start();
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  setTimeout(start, PAINT_WAIT_LIMIT_MS);
}

/** Fetches, side by side, the chunks the server named for this page (the app's and the page's own). */
function preloadPageModules() {
  const listed = document.getElementById(APP_MODULES_ID)?.textContent;
  for (const href of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

// A visitor's page lists its code for after the first paint; a signed-in person's page preloads it
// in its head (server/modules/pages/render-app.ts), and its buttons must work as soon as they show.
if (document.getElementById(APP_MODULES_ID)) {
  afterFirstPaint(() => {
    preloadPageModules();
    void import('./hydrate');
  });
} else {
  void import('./hydrate');
}
