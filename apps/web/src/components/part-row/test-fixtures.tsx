import type { ReactNode } from 'react';
import type { UserProfile } from '@shop/core/api/user';
import { testProfile as baseProfile } from '../../test/fixtures';
import { renderWithProviders as render, type RenderOptions } from '../../test/render-route';

/** Test helpers for part rows and groups (not used by the app). */

export const testProfile: UserProfile = baseProfile({
  subuser_id: 1,
  username: 'demo',
  company_name: '测试公司',
  is_purchase: 1,
});

/** A part row's screen: the part-row dealer (testProfile above) unless the options say otherwise. */
export function renderWithProviders(ui: ReactNode, options: RenderOptions | UserProfile = {}) {
  const opts: RenderOptions = 'subuser_id' in options ? { profile: options } : options;
  return render(ui, { profile: testProfile, ...opts });
}
