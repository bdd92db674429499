import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { PlainButton } from './plain-button';

describe('PlainButton', () => {
  it('is a button named by its text that sends its clicks', () => {
    const onClick = vi.fn();
    render(<PlainButton onClick={onClick}>刷新页面</PlainButton>);
    const button = screen.getByRole('button', { name: '刷新页面' });
    expect(button.getAttribute('type')).toBe('button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('keeps its name while loading (the spinner is not read out) and says it is busy', () => {
    const { rerender } = render(
      <PlainButton look="primary" type="submit" loading>
        登录中…
      </PlainButton>,
    );
    const button = screen.getByRole('button', { name: '登录中…' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('type')).toBe('submit');
    rerender(
      <PlainButton look="primary" type="submit">
        登录
      </PlainButton>,
    );
    expect(screen.getByRole('button', { name: '登录' }).getAttribute('aria-busy')).toBeNull();
  });

  it('takes no clicks when disabled', () => {
    const onClick = vi.fn();
    render(
      <PlainButton disabled onClick={onClick}>
        59 秒后重发
      </PlainButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: '59 秒后重发' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
