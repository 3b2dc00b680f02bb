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
// A local logout drops what belonged to the user; the partner's configuration and public data
// (`meta: { public: true }`, e.g. the appointment behind an e-mail link) stay.
onLocalLogout(() => {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'partner' && q.meta?.public !== true });
});
