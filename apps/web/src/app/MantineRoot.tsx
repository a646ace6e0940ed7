import './base-styles';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { ApiError } from '../api/api-error';
import { AppTheme } from './AppTheme';
import { theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      refetchOnWindowFocus: false,
      // Client errors (4xx) will not succeed on a retry.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
    },
  },
});

/**
 * Mantine, its styles and TanStack Query around the admin, sign-in and marketing pages: a lazy chunk of its own, so
 * the guest pages (their own plain-CSS chunk) never load them and their first load stays small.
 */
export function MantineRoot() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <AppTheme>
          <Outlet />
        </AppTheme>
      </QueryClientProvider>
    </MantineProvider>
  );
}
