import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { copyAddress } from '@shop/core/address-rules';
import type { AddressItem } from '@shop/core/api/address';
import { notesPerTest } from '../../test/notes';
import { renderWithProviders } from '../../test/render-route';
import { makeAddress } from '../../test/server/factories';
import { addressHandlers } from '../../test/server/handlers';
import { stubServerPerTest } from '../../test/server/stub-server';
import { AddressDialog, type AddressDialogMode } from './address-dialog';
import { areaNames, areaPath } from './area-options';

const saved: AddressItem = makeAddress(9, { contacts: '张三', street: '天河路 385 号', is_main: 1 });

const server = stubServerPerTest(() => addressHandlers([saved]));
const notes = notesPerTest();

function renderDialog(mode: AddressDialogMode, rules = { logisticsRequired: false, beijingDefaultAllowed: true }) {
  const onClose = vi.fn();
  renderWithProviders(<AddressDialog mode={mode} rules={rules} onClose={onClose} />);
  return { onClose };
}

describe('area picker data', () => {
  it('maps an area code to the picker path and back to names', () => {
    const path = areaPath(saved)!;
    expect(path).toEqual(['440000', '440100', '440106']);
    expect(areaNames(path)).toEqual(['广东省', '广州市', '天河区']);
    expect(areaPath({ ...saved, area_code: '' })).toEqual(path);
  });
});

describe('address dialog', () => {
  it('shows every required message, and the mobile rule', async () => {
    renderDialog({ kind: 'add' }, { logisticsRequired: true, beijingDefaultAllowed: false });
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    for (const text of ['请输入收货人', '请选择省市区', '请输入手机号码', '请输入详细地址', '请输入物流信息']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    fireEvent.change(screen.getByPlaceholderText('请输入手机号码'), { target: { value: '12345678901' } });
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(screen.queryByText('设为北京仓默认地址')).toBeNull();
  });

  it('the two default flags exclude each other with a hint to untick first', async () => {
    renderDialog({ kind: 'edit', address: saved });
    const main = (await screen.findByRole('checkbox', { name: '设为广州仓默认地址' })) as HTMLInputElement;
    const other = screen.getByRole('checkbox', { name: '设为北京仓默认地址' }) as HTMLInputElement;
    await waitFor(() => expect(main.checked).toBe(true));
    expect(other.disabled).toBe(true);
    expect(screen.getByText('请先取消另一个默认地址')).toBeTruthy();
    fireEvent.click(main);
    await waitFor(() => expect(other.disabled).toBe(false));
    fireEvent.click(other);
    await waitFor(() => expect(main.disabled).toBe(true));
  });

  it('copy starts a new address with both flags reset and saves it with addAddress', async () => {
    const { onClose } = renderDialog({ kind: 'copy', address: copyAddress({ ...saved, is_main: 1 }) });
    expect(await screen.findByText('复制收货地址')).toBeTruthy();
    const main = screen.getByRole('checkbox', { name: '设为广州仓默认地址' }) as HTMLInputElement;
    await waitFor(() => expect((screen.getByPlaceholderText('请输入收货人') as HTMLInputElement).value).toBe('张三'));
    expect(main.checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notes.success).toHaveBeenCalledWith('添加成功');
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/Shop.Address/addAddress']);
    // The copy's fields, both flags reset.
    const { address_id: _id, logistics_information: _info, ...fields } = saved;
    expect(server.calls.map((c) => c.body)).toEqual([{ ...fields, is_main: 0, other_is_main: 0 }]);
  });
});
