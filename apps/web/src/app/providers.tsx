import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { CONSTANTS } from '@shop/core/constants';
import { AppProviders } from '@shop/ui/providers';
import { brandColor } from '../lib/brand';

/** antd (Chinese, the brand's colour for buttons and links), toasts and the query client. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppProviders
      queryClient={queryClient}
      primaryColor={brandColor}
      linkInPrimary
      toastSeconds={CONSTANTS.toastSeconds}
    >
      {children}
    </AppProviders>
  );
}
