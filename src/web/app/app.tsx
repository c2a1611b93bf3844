import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showRememberedLogoutNotice } from '../features/auth/logout-notice';
import { queryClient } from '../lib/query-client';
import { Layout } from './layout';
import { ProfileCompletionGate } from './profile-completion-gate';
import { AppRoutes } from './routes';
import { ScrollOnNavigation } from './scroll-on-navigation';
import { Toasts } from './toasts';

/** The whole client. A server render passes its own per-request cache; the browser uses the one cache. */
export function App({ client = queryClient }: { client?: QueryClient }) {
  // A sign-out just brought the browser here: say so now that a page stays on screen.
  useEffect(showRememberedLogoutNotice, []);

  return (
    <QueryClientProvider client={client}>
      {/* Outside the layout: the profile-completion screen replaces everything, header and footer too. */}
      <ProfileCompletionGate>
        <Layout>
          <AppRoutes />
        </Layout>
      </ProfileCompletionGate>
      <ScrollOnNavigation />
      <Toasts />
    </QueryClientProvider>
  );
}
