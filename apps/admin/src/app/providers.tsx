import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '@shop/ui/providers';

/** antd (Chinese, the back office's blue), toasts and the query client. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppProviders queryClient={queryClient} primaryColor="#1f4e8c" toastSeconds={3}>
      {children}
    </AppProviders>
  );
}
