import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import FeedbackDialog from './feedback-dialog';
import * as shared from '@shop/core/api/feedback';
import * as rules from './feedback-rules';
import { testQueryClient } from '../../test/render-route';

// Lazy screens and antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

const { fileProblem } = rules;

/** A stand-in XMLHttpRequest: records the request and answers as told. */
class FakeXhr {
  static last: FakeXhr | undefined;
  static answer: { status: number; body: unknown } | 'network-error' = { status: 200, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
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
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
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

function renderDialog(onClose = vi.fn()) {
  const client = testQueryClient();
  render(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <App>
        <QueryClientProvider client={client}>
          <FeedbackDialog open onClose={onClose} />
        </QueryClientProvider>
      </App>
    </ConfigProvider>,
  );
  return onClose;
}

const textArea = () => screen.getByLabelText('反馈内容') as HTMLTextAreaElement;
const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

function chooseFile(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

beforeEach(() => {
  FakeXhr.last = undefined;
  FakeXhr.answer = { status: 200, body: { status: 200, msg: '提交成功', data: { id: 1 } } };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('feedback rules', () => {
  it('match the shared rules of @shop/core', () => {
    expect(rules.FEEDBACK_TEXT_REQUIRED).toBe(shared.FEEDBACK_TEXT_REQUIRED);
    expect(rules.FEEDBACK_FILE_TOO_LARGE).toBe(shared.FEEDBACK_FILE_TOO_LARGE);
    expect(rules.FEEDBACK_FILE_TYPE).toBe(shared.FEEDBACK_FILE_BAD_TYPE);
    expect(rules.FEEDBACK_UPLOAD_FAILED).toBe(shared.FEEDBACK_UPLOAD_FAILED);
    expect(rules.FEEDBACK_SUCCESS).toBe(shared.FEEDBACK_SUBMITTED);
    expect(rules.FEEDBACK_MAX_CHARS).toBe(shared.FEEDBACK_TEXT_MAX);
  });

  it('accepts images and videos up to 100 MB', () => {
    expect(fileProblem({ type: 'image/png', size: 10 })).toBeUndefined();
    expect(fileProblem({ type: 'video/mp4', size: 104_857_600 })).toBeUndefined();
    expect(fileProblem({ type: 'video/mp4', size: 104_857_601 })).toBe('文件过大，请选择小于 100MB 的文件');
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toBe('只能上传图片或视频文件');
  });
});

describe('FeedbackDialog', () => {
  it('requires the text (blank counts as empty)', async () => {
    renderDialog();
    fireEvent.change(textArea(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('请填写反馈内容')).toBeTruthy();
    expect(FakeXhr.last).toBeUndefined();
  });

  it('refuses a file over 100 MB', async () => {
    renderDialog();
    const big = new File(['x'], 'big.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 104_857_601 });
    chooseFile(big);
    expect(await screen.findByText('文件过大，请选择小于 100MB 的文件')).toBeTruthy();
    expect(screen.queryByText('big.mp4')).toBeNull();
  });

  it('posts the trimmed text and the file as multipart, then says 提交成功 and closes', async () => {
    const onClose = renderDialog();
    fireEvent.change(textArea(), { target: { value: '  搜索结果不准确  ' } });
    chooseFile(new File(['png'], 'shot.png', { type: 'image/png' }));
    expect(await screen.findByText('shot.png')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/Shop.ShopFeedback/add');
    expect(xhr.body?.get('text')).toBe('搜索结果不准确');
    expect((xhr.body?.get('files') as File).name).toBe('shot.png');
  });

  it('says 资源上传失败 when the upload fails', async () => {
    FakeXhr.answer = 'network-error';
    const onClose = renderDialog();
    fireEvent.change(textArea(), { target: { value: '图片上传' } });
    chooseFile(new File(['png'], 'shot.png', { type: 'image/png' }));
    await screen.findByText('shot.png');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('资源上传失败')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    FakeXhr.answer = { status: 200, body: { status: 201, msg: '反馈过于频繁', data: null } };
    renderDialog();
    fireEvent.change(textArea(), { target: { value: '你好' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.getByText('反馈过于频繁')).toBeTruthy());
  });
});
