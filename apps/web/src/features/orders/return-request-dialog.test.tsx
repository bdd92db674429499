import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import type { OrderLine } from '@shop/core/api/orders';
import ReturnRequestDialog from './return-request-dialog';
import { testQueryClient } from '../../test/render-route';

// antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

/** A stand-in XMLHttpRequest: records the requests and answers as told. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  static answer: { status: number; body: unknown } | 'network-error' = { status: 200, body: {} };
  method = '';
  url = '';
  body: FormData | undefined;
  status = 0;
  responseText = '';
  timeout = 0;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
    const answer = FakeXhr.answer;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (answer === 'network-error') return this.onerror?.();
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 10);
  }
}

const line = (id: number, returnable: number, over: Partial<OrderLine> = {}): OrderLine => ({
  order_item_id: id,
  product_id: 100 + id,
  frey_no: `OT-${id}`,
  number: `OE ${id}`,
  l_name_zh: `配件${id}`,
  pic: '',
  warehouse_type: 1,
  price: '10.00',
  quantity: 5,
  total_price: '50.00',
  shipped_quantity: 5,
  returned_quantity: 0,
  returnable_quantity: returnable,
  ...over,
});

function renderDialog(lines = [line(1, 5), line(2, 0), line(3, 2)]) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={testQueryClient()}>
          <ReturnRequestDialog orderId={42} lines={lines} initialLineId={1} onClose={onClose} onDone={onDone} />
        </QueryClientProvider>
      </App>
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

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.answer = {
    status: 200,
    body: {
      status: 200,
      msg: '退货申请已提交，请等待审核',
      data: { return_id: 7, return_no: 'TH20261125000007', repeated: 0 },
    },
  };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
    expect(FakeXhr.sent).toHaveLength(0);
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
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/Shop.Order/applyReturn']);
    expect(xhr.body?.get('order_id')).toBe('42');
    await waitFor(() => expect(JSON.parse(String(xhr.body?.get('items')))).toHaveLength(2));
    expect(JSON.parse(String(xhr.body?.get('items')))).toEqual([
      { order_item_id: 1, quantity: 1 },
      { order_item_id: 3, quantity: 2 },
    ]);
    expect(xhr.body?.get('reason')).toBe('发错货');
    expect((xhr.body?.getAll('pictures') as File[]).map((f) => f.name)).toEqual(['破损.png']);
    expect(String(xhr.body?.get('request_key'))).toMatch(/^[\w.:-]{8,100}$/);
  });

  it('shows the server’s refusal and stays open; a retry sends the same request key', async () => {
    FakeXhr.answer = { status: 200, body: { status: 201, msg: '退货数量超过可退数量（最多 5 件）', data: null } };
    const { onClose } = renderDialog();
    fireEvent.change(reason(), { target: { value: '发错货' } });
    submit();
    expect(await screen.findByText('退货数量超过可退数量（最多 5 件）')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    FakeXhr.answer = 'network-error';
    await waitFor(() => expect(submitButton().classList.contains('ant-btn-loading')).toBe(false));
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.body?.get('request_key')).toBe(FakeXhr.sent[0]!.body?.get('request_key'));
  });
});
