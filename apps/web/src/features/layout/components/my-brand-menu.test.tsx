import { describe, expect, it } from 'vitest';
import { act, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { registerRoutePaths } from '../../../lib/route-registry';
import { variant } from '../../../lib/brand';
import { makeProfile } from '../../../test/server/factories';
import { MyBrandMenu } from './my-brand-menu';

// antd's hover delays and the lazy chunk can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

describe('MyBrandMenu', () => {
  // One test: the menu's chunk, once loaded, stays loaded for the file.
  it('loads the menu on the first hover, stays shut when the pointer left before it loaded, opens on the next hover', async () => {
    registerRoutePaths(['/home', '/profile', '/profile/myorder']);
    render(
      <MemoryRouter initialEntries={['/home']}>
        <MyBrandMenu ctx={{ variant, user: makeProfile() }} />
      </MemoryRouter>,
    );
    const link = screen.getByText(/^我的/);
    fireEvent.mouseEnter(link);
    fireEvent.mouseLeave(link);
    await act(async () => {
      await import('./my-brand-dropdown');
    });
    expect(document.querySelector('[role="menu"]')).toBeNull();
    fireEvent.mouseEnter(screen.getByText(/^我的/));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('link', { name: '商城订单' }).getAttribute('href')).toBe('/profile/myorder');
  }, 20_000);
});
