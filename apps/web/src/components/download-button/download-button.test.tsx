import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { downloadExport } from '../../entities/order/order-queries';
import { catchDownloads } from '../../test/downloads';
import { notesPerTest } from '../../test/notes';
import { renderWithProviders } from '../../test/render-route';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import { DownloadButton, progressText } from './download-button';

/** A response whose body the test feeds chunk by chunk. */
function streamedResponse(headers: Record<string, string>) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const response = new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ...headers },
  });
  return { response, controller };
}

let saved: string[];
beforeEach(() => {
  saved = catchDownloads('blob:x').saved;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const server = stubServerPerTest();
const notes = notesPerTest();
const exports = () => server.callsTo('GET /api/Shop.Order/orderExport');

/** The export answers `response` (a file streamed by the test, or an envelope). */
const exportAnswers = (response: Response | ReturnType<typeof reply.refused>) =>
  server.use({ 'GET /api/Shop.Order/orderExport': () => response });

function renderButton() {
  renderWithProviders(
    <DownloadButton
      download={(onProgress) => downloadExport('orderExport', { status: '' }, '订单.xlsx', { onProgress })}
    >
      导出订单
    </DownloadButton>,
  );
  return screen.getByRole('button');
}

describe('DownloadButton', { timeout: 20_000 }, () => {
  it('shows the percent as the file arrives, saves it and gives the button back', async () => {
    const { response, controller } = streamedResponse({
      'content-length': '8',
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('订单_20261122.xlsx')}`,
    });
    exportAnswers(response);
    const button = renderButton();
    fireEvent.click(button);
    await waitFor(() => expect(button.textContent).toContain('正在下载 0%'));
    await act(async () => controller.enqueue(new Uint8Array([1, 2, 3, 4])));
    await waitFor(() => expect(button.textContent).toContain('正在下载 50%'));
    // A second click while it runs starts nothing.
    fireEvent.click(button);
    await act(async () => {
      controller.enqueue(new Uint8Array([5, 6, 7, 8]));
      controller.close();
    });
    await waitFor(() => expect(button.textContent).toBe('导出订单'));
    expect(saved).toEqual(['订单_20261122.xlsx']);
    expect(exports()).toHaveLength(1);
  });

  it('without a size shows the bytes received', async () => {
    const { response, controller } = streamedResponse({});
    exportAnswers(response);
    const button = renderButton();
    fireEvent.click(button);
    await act(async () => controller.enqueue(new Uint8Array(2048)));
    await waitFor(() => expect(button.textContent).toContain('正在下载 2 KB'));
    await act(async () => controller.close());
    await waitFor(() => expect(saved).toEqual(['订单.xlsx']));
  });

  it('a refusal shows the server msg and the button is ready again', async () => {
    exportAnswers(reply.refused('没有可导出的订单'));
    const button = renderButton();
    fireEvent.click(button);
    await waitFor(() => expect(notes.error).toHaveBeenCalledWith('没有可导出的订单'));
    await waitFor(() => expect(button.textContent).toBe('导出订单'));
    expect(saved).toEqual([]);
  });

  it('a connection lost mid-file says so, saves nothing and gives the button back', async () => {
    const { response, controller } = streamedResponse({ 'content-length': '100' });
    exportAnswers(response);
    const button = renderButton();
    fireEvent.click(button);
    await act(async () => controller.enqueue(new Uint8Array(10)));
    await waitFor(() => expect(button.textContent).toContain('正在下载 10%'));
    await act(async () => controller.error(new TypeError('network')));
    await waitFor(() => expect(button.textContent).toBe('导出订单'));
    expect(notes.error).toHaveBeenCalled();
    expect(saved).toEqual([]);
  });
});

describe('progressText', () => {
  it('percent with a size, bytes without one', () => {
    expect(progressText(0, undefined)).toBe('正在准备文件…');
    expect(progressText(512, 1024)).toBe('正在下载 50%');
    expect(progressText(3 * 1024 * 1024, undefined)).toBe('正在下载 3.0 MB');
  });
});
