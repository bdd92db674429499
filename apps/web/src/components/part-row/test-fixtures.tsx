import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserProfile } from '@shop/core/api/user';
import { userQueries } from '../../lib/user-queries';
import { testProfile as baseProfile } from '../../test/fixtures';

/** Test helpers for part rows and groups (not used by the app). */

export const testProfile: UserProfile = baseProfile({
  subuser_id: 1,
  username: 'demo',
  company_name: '测试公司',
  is_purchase: 1,
});

export function renderWithProviders(ui: ReactNode, profile: UserProfile = testProfile) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(userQueries.info().queryKey, profile);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/** An envelope answer for a mocked fetch. */
export function envelopeResponse(data: unknown, status = 200, msg = 'ok'): Response {
  return new Response(JSON.stringify({ status, msg, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}
