import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
import { Toaster } from '../components/ui/toaster';
import { PreferredLanguageSync } from '../i18n/preferred-language';
import { AuthProvider, useAuth } from '../lib/auth';
import { isApiError } from '../lib/api-client';

function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Patchy mobile data: retry network failures, never retry a 4xx the server meant.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });
}

function WaitForStoredUser({ children }: { children: ReactNode }) {
  const { isLoading } = useAuth();
  return isLoading ? <FullScreenLoader /> : children;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <PreferredLanguageSync />
        {/* A screen whose Hindi is still downloading waits here (only the first time, in Hindi). */}
        <Suspense fallback={<FullScreenLoader />}>
          <WaitForStoredUser>{children}</WaitForStoredUser>
        </Suspense>
      </AuthProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
