import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST } from '@quizcast/contract/constants';
import { FullScreenLoader } from '../components/ui/full-screen-loader';
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
        <WaitForStoredUser>{children}</WaitForStoredUser>
      </AuthProvider>
      <Toaster
        position={TOAST.position}
        duration={TOAST.durationMs}
        visibleToasts={TOAST.visibleToasts}
        gap={TOAST.gap}
        hotkey={[...TOAST.hotkey]}
        closeButton
      />
    </QueryClientProvider>
  );
}
