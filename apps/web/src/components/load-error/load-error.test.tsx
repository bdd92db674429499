import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('says why at once and retries on click, before and after antd Result has loaded', async () => {
    const onRetry = vi.fn();
    const { container } = render(<LoadError error={new Error('服务器繁忙')} onRetry={onRetry} />);
    expect(screen.getByText('加载失败')).toBeTruthy();
    expect(screen.getByText('服务器繁忙')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(container.querySelector('.ant-result-warning')).not.toBeNull());
    expect(screen.getByText('服务器繁忙')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    expect(onRetry).toHaveBeenCalledTimes(2);
  });

  it('names a network failure when the error has no message', async () => {
    render(<LoadError error={undefined} onRetry={() => undefined} />);
    expect(screen.getByText('网络异常，请稍后重试')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-result')).not.toBeNull());
    expect(screen.getByText('网络异常，请稍后重试')).toBeTruthy();
  });
});
