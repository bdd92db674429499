import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { renderWithProviders } from '../../test/render-route';
import { makeOrderLine } from '../../test/server/factories';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import ReturnRequestDialog from './return-request-dialog';

// antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

const submitted = reply.ok({ return_id: 7, return_no: 'TH20261125000007', repeated: 0 }, '退货申请已提交，请等待审核');
const server = stubServerPerTest(() => ({ 'POST /api/Shop.Order/applyReturn': () => submitted }));
const sent = () => server.callsTo('POST /api/Shop.Order/applyReturn').map((c) => c.body as FormData);
const line = makeOrderLine;

function renderDialog(lines = [line(1, 5), line(2, 0), line(3, 2)]) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  renderWithProviders(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <ReturnRequestDialog orderId={42} lines={lines} initialLineId={1} onClose={onClose} onDone={onDone} />
    </ConfigProvider>,
  );
  return { onClose, onDone };
}

const reason = () => screen.getByLabelText('退货原因') as HTMLTextAreaElement;
const choosePictures = (...files: File[]) =>
  fireEvent.change(document.querySelector('input[type=file]')!, { target: { files } });
const submitButton = () => screen.getByText('提交申请').closest('button')!;
const submit = () => fireEvent.click(submitButton());
const png = (name: string) => new File(['png'], name, { type: 'image/png' });

describe('ReturnRequestDialog', () => {
  it('offers only the lines with returnable units, the clicked one at 1', () => {
    renderDialog();
    expect(screen.getByText('配件1')).toBeTruthy();
    expect(screen.getByText('配件3')).toBeTruthy();
    expect(screen.queryByText('配件2')).toBeNull();
    expect((screen.getByLabelText('退货数量 OT-1') as HTMLInputElement).value).toBe('1');
    expect((screen.getByLabelText('退货数量 OT-3') as HTMLInputElement).value).toBe('0');
  });

  it('requires a reason (blank counts as empty) and sends nothing without one', async () => {
    renderDialog();
    fireEvent.change(reason(), { target: { value: '   ' } });
    submit();
    expect(await screen.findByText('请填写退货原因')).toBeTruthy();
    expect(sent()).toHaveLength(0);
  });

  it('refuses a picture that is not an image or over 10MB, and more than 3 pictures', async () => {
    renderDialog();
    choosePictures(new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('只能上传图片（JPG、PNG、GIF、WEBP 等）')).toBeTruthy();
    const big = png('big.png');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choosePictures(big);
    expect(await screen.findByText('图片过大，请选择小于 10MB 的图片')).toBeTruthy();
    choosePictures(png('1.png'), png('2.png'), png('3.png'), png('4.png'));
    expect(await screen.findByText('最多上传 3 张图片')).toBeTruthy();
    expect(screen.getByText('3.png')).toBeTruthy();
    expect(screen.queryByText('4.png')).toBeNull();
  });

  it('posts the lines, the trimmed reason, the pictures and one request key; says so and opens the return', async () => {
    const { onClose, onDone } = renderDialog();
    fireEvent.change(screen.getByLabelText('退货数量 OT-3'), { target: { value: '2' } });
    fireEvent.change(reason(), { target: { value: '  发错货 ' } });
    choosePictures(png('破损.png'));
    expect(await screen.findByText('破损.png')).toBeTruthy();
    submit();
    expect(await screen.findByText('退货申请已提交，请等待审核')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onDone).toHaveBeenCalledWith({ return_id: 7, return_no: 'TH20261125000007', repeated: 0 });
    const form = sent()[0]!;
    expect(form.get('order_id')).toBe('42');
    expect(JSON.parse(String(form.get('items')))).toEqual([
      { order_item_id: 1, quantity: 1 },
      { order_item_id: 3, quantity: 2 },
    ]);
    expect(form.get('reason')).toBe('发错货');
    expect((form.getAll('pictures') as File[]).map((f) => f.name)).toEqual(['破损.png']);
    expect(String(form.get('request_key'))).toMatch(/^[\w.:-]{8,100}$/);
  });

  it('shows the server’s refusal and stays open; a retry sends the same request key', async () => {
    server.use({ 'POST /api/Shop.Order/applyReturn': () => reply.refused('退货数量超过可退数量（最多 5 件）') });
    const { onClose } = renderDialog();
    fireEvent.change(reason(), { target: { value: '发错货' } });
    submit();
    expect(await screen.findByText('退货数量超过可退数量（最多 5 件）')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    server.use({ 'POST /api/Shop.Order/applyReturn': () => reply.networkError() });
    await waitFor(() => expect(submitButton().classList.contains('ant-btn-loading')).toBe(false));
    submit();
    await waitFor(() => expect(sent()).toHaveLength(2));
    expect(sent()[1]!.get('request_key')).toBe(sent()[0]!.get('request_key'));
  });
});
