import { QueryClient } from '@tanstack/react-query';

/** The one query cache of the app. Scan screens refetch on purpose, never on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
    mutations: { retry: false },
  },
});
