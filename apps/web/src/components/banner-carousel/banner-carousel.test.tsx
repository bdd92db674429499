import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { BannerItem } from '@shop/core/api/home';
import { BannerCarousel, VIDEO_POSTER } from './banner-carousel';
import { fakeTimersPerTest } from '../../test/timers';

const items: BannerItem[] = [
  { picture: '/media/banners/1.svg', fileType: 'image', address: 'https://example.com/promo' },
  { picture: '/media/banners/2.mp4', fileType: 'video', address: '/parts/list?brand_name_zh=宝马' },
  { picture: '/media/banners/3.svg', fileType: 'image', address: '' },
];

function Where() {
  const location = useLocation();
  return <div data-testid="where">{decodeURIComponent(location.pathname + location.search)}</div>;
}

function renderCarousel() {
  return render(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route path="*" element={<BannerCarousel items={items} />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const activeIndex = () => {
  const all = document.querySelectorAll('[aria-roledescription="slide"]');
  return Array.from(all).findIndex((el) => el.getAttribute('data-active') === 'true');
};

fakeTimersPerTest();

describe('BannerCarousel', () => {
  it('renders images and videos', () => {
    renderCarousel();
    expect(document.querySelectorAll('img')).toHaveLength(2);
    expect(document.querySelectorAll('video')).toHaveLength(1);
  });

  it('shows the video poster and loads nothing until the page is usable, then plays the video', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    try {
      renderCarousel();
      const video = document.querySelector('video') as HTMLVideoElement;
      expect(video.getAttribute('poster')).toBe(VIDEO_POSTER);
      expect(video.getAttribute('preload')).toBe('none');
      expect(video.hasAttribute('autoplay')).toBe(false);
      act(() => void vi.advanceTimersByTime(3_000));
      expect(play).not.toHaveBeenCalled();

      readyState.mockReturnValue('complete');
      act(() => {
        window.dispatchEvent(new Event('load'));
        vi.advanceTimersByTime(2_000);
      });
      expect(play).toHaveBeenCalledTimes(1);
      expect(video.preload).toBe('auto');
    } finally {
      play.mockRestore();
      readyState.mockRestore();
    }
  });

  it('advances every 5 s and wraps around', () => {
    renderCarousel();
    expect(activeIndex()).toBe(0);
    act(() => void vi.advanceTimersByTime(4_999));
    expect(activeIndex()).toBe(0);
    act(() => void vi.advanceTimersByTime(1));
    expect(activeIndex()).toBe(1);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(activeIndex()).toBe(2);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(activeIndex()).toBe(0);
  });

  it('pauses while the pointer is over it', () => {
    renderCarousel();
    const carousel = screen.getByTestId('banner-carousel');
    fireEvent.mouseEnter(carousel);
    act(() => void vi.advanceTimersByTime(15_000));
    expect(activeIndex()).toBe(0);
    fireEvent.mouseLeave(carousel);
    act(() => void vi.advanceTimersByTime(5_000));
    expect(activeIndex()).toBe(1);
  });

  it('dots select a slide', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('tab', { name: '第 3 张' }));
    expect(activeIndex()).toBe(2);
    expect(screen.getByRole('tab', { name: '第 3 张' }).getAttribute('aria-selected')).toBe('true');
  });

  it('opens an external address in a new tab', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderCarousel();
    const slide = document.querySelectorAll('[aria-roledescription="slide"]')[0]!;
    fireEvent.click(slide);
    expect(open).toHaveBeenCalledWith('https://example.com/promo', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('where').textContent).toBe('/home');
  });

  it('navigates inside the shop for a site path, and does nothing without an address', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderCarousel();
    const all = () => document.querySelectorAll('[aria-roledescription="slide"]');
    fireEvent.click(all()[2]!);
    expect(screen.getByTestId('where').textContent).toBe('/home');
    fireEvent.click(all()[1]!);
    expect(screen.getByTestId('where').textContent).toBe('/parts/list?brand_name_zh=宝马');
    expect(open).not.toHaveBeenCalled();
  });
});
