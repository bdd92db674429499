import { describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import * as shared from '@shop/core/api/feedback';
import { renderWithProviders } from '../../test/render-route';
import { reply, stubServerPerTest } from '../../test/server/stub-server';
import FeedbackDialog from './feedback-dialog';
import * as rules from './feedback-rules';

// Lazy screens and antd animations can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

const { fileProblem } = rules;

const server = stubServerPerTest(() => ({ 'POST /api/Shop.ShopFeedback/add': () => reply.ok({ id: 1 }, '提交成功') }));
const sent = () => server.callsTo('POST /api/Shop.ShopFeedback/add').map((c) => c.body as FormData);

function renderDialog(onClose = vi.fn()) {
  renderWithProviders(
    <ConfigProvider button={{ autoInsertSpace: false }}>
      <FeedbackDialog open onClose={onClose} />
    </ConfigProvider>,
  );
  return onClose;
}

const textArea = () => screen.getByLabelText('反馈内容') as HTMLTextAreaElement;
const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

function chooseFile(file: File) {
  fireEvent.change(fileInput(), { target: { files: [file] } });
}

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
    expect(sent()).toHaveLength(0);
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
    const [form] = sent();
    expect(form?.get('text')).toBe('搜索结果不准确');
    expect((form?.get('files') as File).name).toBe('shot.png');
  });

  it('says 资源上传失败 when the upload fails', async () => {
    server.use({ 'POST /api/Shop.ShopFeedback/add': () => reply.networkError() });
    const onClose = renderDialog();
    fireEvent.change(textArea(), { target: { value: '图片上传' } });
    chooseFile(new File(['png'], 'shot.png', { type: 'image/png' }));
    await screen.findByText('shot.png');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText('资源上传失败')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    server.use({ 'POST /api/Shop.ShopFeedback/add': () => reply.refused('反馈过于频繁') });
    renderDialog();
    fireEvent.change(textArea(), { target: { value: '你好' } });
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.getByText('反馈过于频繁')).toBeTruthy());
  });

  it('a double click on 提交 sends once', async () => {
    let answer: () => void = () => {};
    server.use({
      'POST /api/Shop.ShopFeedback/add': () =>
        new Promise((resolve) => {
          answer = () => resolve(reply.ok({ id: 1 }, '提交成功'));
        }),
    });
    const onClose = renderDialog();
    fireEvent.change(textArea(), { target: { value: '双击只提交一次' } });
    const submit = screen.getByRole('button', { name: '提交' });
    fireEvent.click(submit);
    // The second click once the first one's check has passed and its sending begun (promise jobs
    // only), before React has drawn the button as loading, as a real double click lands.
    for (let i = 0; i < 100; i += 1) await Promise.resolve();
    fireEvent.click(submit);
    await waitFor(() => expect(sent().length).toBeGreaterThan(0));
    answer();
    expect(await screen.findByText('提交成功')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(sent()).toHaveLength(1);
  });
});
