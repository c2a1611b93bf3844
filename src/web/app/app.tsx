import { QueryClientProvider } from '@tanstack/react-query';
import { Tooltip } from 'radix-ui';
import { Toaster } from '../components/ui/toaster';
import { queryClient } from '../lib/query-client';
import { Layout } from './layout';
import { AppRoutes } from './routes';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* The spec's tooltip timing: open after 700 ms, skip delay 300 ms. */}
      <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
        <Layout>
          <AppRoutes />
        </Layout>
        <Toaster />
      </Tooltip.Provider>
    </QueryClientProvider>
  );
}
