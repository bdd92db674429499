import { describe, expect, it } from 'vitest';
import { act, configure, fireEvent, render, screen } from '@testing-library/react';
import { LazyOverlay } from './lazy-overlay';

// antd's hover delays and the lazy chunk can be slow on a loaded machine.
configure({ asyncUtilTimeout: 3000 });

describe('LazyOverlay', () => {
  // One test: the overlay's chunk, once loaded, stays loaded for the file.
  it('loads on the first focus keeping the focus on the trigger, then shows its hint on hover', async () => {
    render(
      <LazyOverlay kind="tooltip" title="上传图片识别车架号">
        {(hover) => (
          <button type="button" {...hover}>
            识别
          </button>
        )}
      </LazyOverlay>,
    );
    act(() => screen.getByRole('button', { name: '识别' }).focus());
    await act(async () => {
      await import('./overlay');
    });
    // The loaded tooltip mounted the button anew: the keyboard focus is still on it, nothing opened.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '识别' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.mouseEnter(screen.getByRole('button', { name: '识别' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('上传图片识别车架号');
  }, 20_000);
});
