import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { useEffect } from 'react';
import { Toaster } from '../components/ui/toaster';
import { showRememberedLogoutNotice } from '../features/auth/logout-notice';
import { queryClient } from '../lib/query-client';
import { Layout } from './layout';
import { ProfileCompletionGate } from './profile-completion-gate';
import { AppRoutes } from './routes';

export function App() {
  // A sign-out just brought the browser here: say so now that a page stays on screen.
  useEffect(showRememberedLogoutNotice, []);

  return (
    <QueryClientProvider client={queryClient}>
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
