import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuditEntry } from '@shop/core/api/admin';
import { stubServerPerTest } from '../../../../web/src/test/server/stub-server';
import { firstPage, renderApp, searchBy, staffMe, where } from '../../test/render-app';

const server = stubServerPerTest();

const entry: AuditEntry = {
  id: 51,
  staff_id: 3,
  staff_name: '客服专员',
  at: '2026-11-26 10:00:00',
  action: 'order.ship',
  entity_type: 'order',
  entity_id: 'SO202611260001',
  before: { status: 'pending_shipment' },
  after: { status: 'shipped' },
  request_id: 'req-7',
  ip: '10.0.0.8',
};

describe('the audit log', () => {
  it('asks with the filters of the address, shows the entries and what changed', async () => {
    server.use({
      'GET /api/admin/auth/me': () => staffMe(['finance'], '财务专员'),
      'GET /api/admin/audit': () => firstPage([entry]),
    });
    const { router } = renderApp('/audit?action=order.ship&start_date=2026-11-01&end_date=bad');
    expect(await screen.findByText('客服专员（3）')).toBeTruthy();
    expect(server.callsTo('GET /api/admin/audit')[0]?.query).toEqual({
      action: 'order.ship',
      start_date: '2026-11-01',
      page: '1',
      limit: '20',
    });
    fireEvent.click(screen.getByRole('button', { name: /展开行|Expand row/ }));
    expect(await screen.findByText(/"status": "shipped"/)).toBeTruthy();

    searchBy('如 order', 'staff');
    await waitFor(() => expect(where(router)).toBe('/audit?action=order.ship&start_date=2026-11-01&entity_type=staff'));
  });
});
