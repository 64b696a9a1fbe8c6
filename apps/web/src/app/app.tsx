import { useEffect } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import type { createBrowserRouter } from 'react-router';
import { bindProgressBar } from '../shell/progress/progress-bar';
import { ShellServicesProvider, type ShellServices } from '../shell/shell-services';

export interface AppProps {
  router: ReturnType<typeof createBrowserRouter>;
  queryClient: QueryClient;
  services: ShellServices;
}

/** Providers around the router: queries, shell adapters, progress bar. */
export function App(props: AppProps) {
  const { routerBusy } = props.services;
  useEffect(() => bindProgressBar(routerBusy), [routerBusy]);
  return (
    <QueryClientProvider client={props.queryClient}>
      <ShellServicesProvider services={props.services}>
        {/* No Suspense boundary above the router: it must commit and subscribe at once. */}
        <RouterProvider router={props.router} />
      </ShellServicesProvider>
    </QueryClientProvider>
  );
}
