import { QueryClient } from '@tanstack/react-query';
import { onLocalLogout } from './session-store';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        // Every failure already shows a toast; retrying would repeat it.
        retry: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's single query client (tests clear it between cases). */
export const queryClient = createQueryClient();

// A local logout drops every user-bound query (profile, applications...).
onLocalLogout(() => {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'partner' });
});
