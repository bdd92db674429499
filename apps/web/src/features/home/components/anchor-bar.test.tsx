import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AnchorBar } from './anchor-bar';
import { fakeTimersPerTest } from '../../../test/timers';

const entries = [
  { id: 'home-new-arrivals', title: '新品上架' },
  { id: 'home-main-brands', title: '主营品牌' },
  { id: 'home-hot-recommends', title: '热门推荐' },
];

fakeTimersPerTest();

describe('AnchorBar', () => {
  it('appears only 3.6 s after load', () => {
    render(<AnchorBar entries={entries} />);
    expect(screen.queryByTestId('anchor-bar')).toBeNull();
    act(() => void vi.advanceTimersByTime(3_599));
    expect(screen.queryByTestId('anchor-bar')).toBeNull();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByTestId('anchor-bar')).toBeTruthy();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['新品上架', '主营品牌', '热门推荐']);
  });

  it('scrolls smoothly to the section of an entry', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const section = document.createElement('section');
    section.id = 'home-main-brands';
    document.body.appendChild(section);
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: 900 } as DOMRect);

    render(<AnchorBar entries={entries} />);
    act(() => void vi.advanceTimersByTime(3_600));
    fireEvent.click(screen.getByRole('button', { name: '主营品牌' }));
    expect(scrollTo).toHaveBeenCalledWith({ top: 900 + window.scrollY - 16, behavior: 'smooth' });
    section.remove();
  });

  it('shows nothing without entries', () => {
    render(<AnchorBar entries={[]} />);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.queryByTestId('anchor-bar')).toBeNull();
  });
});
