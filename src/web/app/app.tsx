import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useEffect } from 'react';
import { Toaster } from '../components/ui/toaster';
import { showRememberedLogoutNotice } from '../features/auth/logout-notice';
import { queryClient } from '../lib/query-client';
import { Layout } from './layout';
import { ProfileCompletionGate } from './profile-completion-gate';
import { AppRoutes } from './routes';

/** The whole client. A server render passes its own per-request cache; the browser uses the one cache. */
export function App({ client = queryClient }: { client?: QueryClient }) {
  // A sign-out just brought the browser here: say so now that a page stays on screen.
  useEffect(showRememberedLogoutNotice, []);

  return (
    <QueryClientProvider client={client}>
      {/* The spec's tooltip timing: open after 700 ms, skip delay 300 ms. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        {/* Outside the layout: the profile-completion screen replaces everything, header and footer too. */}
        <ProfileCompletionGate>
          <Layout>
            <AppRoutes />
          </Layout>
        </ProfileCompletionGate>
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
