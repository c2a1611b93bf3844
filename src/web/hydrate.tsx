import './lib/zod-config';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { queryClient } from './lib/query-client';
import { QUERY_STATE_ID } from '../shared/query-state';
import './styles.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// The server rendered the page and sent the data it was rendered from (entry-server.tsx): the
// cache starts from that data, so hydrating finds what the markup shows and asks for nothing.
// Without it (the dev server, or a render that failed), the client renders from scratch.
const state = document.getElementById(QUERY_STATE_ID);
if (state?.textContent) {
  hydrate(queryClient, JSON.parse(state.textContent));
  hydrateRoot(root, app);
} else {
  createRoot(root).render(app);
}
