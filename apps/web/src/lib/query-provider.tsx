import { QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * TanStack Query is provided by the lazily loaded parts that use it (pages, the profile menu),
 * not at the root: guests on /login never download it (150 KB budget). Every provider shares
 * the single `queryClient`, so cached data is the same everywhere.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

export function withQueryClient<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithQueryClient(props: P) {
    return (
      <QueryProvider>
        <Component {...props} />
      </QueryProvider>
    );
  }
  WithQueryClient.displayName = `withQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
