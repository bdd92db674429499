import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { COUPON_TEXTS } from '@shop/core/coupons';
import type { ActivitySummary } from '@shop/core/api/coupons';
import { testProfile } from '../../test/fixtures';
import { renderRoutes } from '../../test/render-route';
import { couponHandlers, userHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import ActivityPage from './activity-page';

const activity: ActivitySummary = {
  activity_id: 1,
  name: '春季保养节',
  image: '',
  description: '',
  starts_on: '2026-11-01',
  ends_on: '2026-12-31',
};
const server = stubServerPerTest(() => ({ ...userHandlers(), ...couponHandlers({ activity }) }));
const routes = [{ path: '/parts/activity', element: <ActivityPage /> }];

describe('/parts/activity (spec.md sections 2 and 6: only when activity_flag equals 1)', () => {
  it('tells an account without activity_flag that the zone is not open to it, and asks the server nothing', async () => {
    renderRoutes(routes, ['/parts/activity'], testProfile({ activity_flag: 0 }));
    expect(await screen.findByText(COUPON_TEXTS.zoneClosed)).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home');
    expect(screen.queryByText('春季保养节')).toBeNull();
    expect(server.callsTo('POST /api/Shop.ActivityProductV2/getSlideSecActivity')).toHaveLength(0);
    expect(server.callsTo('POST /api/Shop.ActivityProductV2/getList')).toHaveLength(0);
  });

  it('shows the running activity to an account with activity_flag 1', async () => {
    renderRoutes(routes, ['/parts/activity'], testProfile({ activity_flag: 1 }));
    expect(await screen.findByText('春季保养节')).toBeTruthy();
    expect(screen.queryByText(COUPON_TEXTS.zoneClosed)).toBeNull();
  });
});
