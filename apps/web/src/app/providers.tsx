import type { ReactNode } from 'react';
import { CONSTANTS } from '@shop/core/constants';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AntProviders } from '@shop/ui/providers';
import { brandColor } from '../lib/brand';

/**
 * antd in Chinese with the brand's colour for buttons and links. notify's toasts stay antd's static
 * message (main.tsx configures them), which outlives these providers. Not at the root:
 * /login renders without antd, and the screens that use it (the logged-in frame, /bind_wx, the
 * shopUser prompt) put it around themselves, so antd loads with their code (decision 0059).
 */
export function ShopAntProviders({ children }: { children: ReactNode }) {
  return (
    <AntProviders primaryColor={brandColor} linkInPrimary toastSeconds={CONSTANTS.toastSeconds}>
      {children}
    </AntProviders>
  );
}

/** The query client (main.tsx's root) and antd together: what a component test renders a screen in. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ShopAntProviders>{children}</ShopAntProviders>
    </QueryClientProvider>
  );
}
