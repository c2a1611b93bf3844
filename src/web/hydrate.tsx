import './lib/zod-config';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './lib/query-client';
import { Router } from 'wouter';
import { navigateOnceHydrated } from './lib/hydration';
import { QUERY_STATE_ID } from '../shared/page-data-ids';

// Loaded by main.tsx once the browser has painted the page the server sent.
const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <Router aroundNav={navigateOnceHydrated}>
      <App />
    </Router>
  </StrictMode>
);

// The server rendered the page and sent the data it was rendered from (entry-server.tsx): the
// cache starts from that data, so hydrating finds what the markup shows and asks for nothing.
// Without it (the dev server, or a render that failed), the client renders from scratch.
const state = document.getElementById(QUERY_STATE_ID);
if (state?.textContent) {
  hydrate(queryClient, JSON.parse(state.textContent));
  // As a transition, hydrating yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: a tap or a scroll meanwhile is answered at once.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
