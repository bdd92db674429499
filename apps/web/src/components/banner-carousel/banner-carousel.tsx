import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { BannerItem } from '@shop/core/api/home';
import { CONSTANTS } from '@shop/core/constants';
import { mediaUrl } from '../product-card/media-url';
import styles from './banner-carousel.module.css';

export interface BannerCarouselProps {
  items: BannerItem[];
  /** Time per slide; spec.md section 9: 5 s. */
  intervalMs?: number;
  className?: string;
}

/** External addresses open in a new tab; site paths go through the router; empty: nothing. */
export function isExternalAddress(address: string): boolean {
  return /^(https?:)?\/\//i.test(address) || /^[a-z][a-z0-9+.-]*:/i.test(address);
}

/**
 * What a video slide shows until its video starts: a still in the banner's colours with a play
 * mark, drawn inline (no request; the page's policy allows data: images).
 */
export const VIDEO_POSTER =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="#1c2430"/>' +
      '<circle cx="8" cy="4.5" r="1.6" fill="none" stroke="#fff" stroke-opacity=".7" stroke-width=".15"/>' +
      '<path d="M7.5 3.7v1.6l1.3-.8z" fill="#fff" fill-opacity=".7"/></svg>',
  );

/**
 * True once the page is usable: the document has loaded and the browser has had an idle moment
 * (the first screen painted, its scripts ran). Videos start then, so they do not compete with the
 * page's own scripts, data and pictures.
 */
export function usePageUsable(): boolean {
  const [usable, setUsable] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        idle = window.requestIdleCallback(() => setUsable(true), { timeout: 2000 });
      } else {
        timer = setTimeout(() => setUsable(true), 0);
      }
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) window.cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return usable;
}

/**
 * The home banner (spec.md section 2): images and videos, autoplay every 5 s, pauses while
 * the pointer is over it, dots and arrows, a click opens the item's address. A video shows its
 * poster and loads nothing until the page is usable (usePageUsable), then plays.
 */
export function BannerCarousel({ items, intervalMs = CONSTANTS.bannerAutoplayMs, className }: BannerCarouselProps) {
  const navigate = useNavigate();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = items.length;
  const usable = usePageUsable();
  const carousel = useRef<HTMLDivElement>(null);
  const active = count > 0 ? current % count : 0;

  const go = useCallback((index: number) => setCurrent(count > 0 ? (index + count) % count : 0), [count]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setInterval(() => setCurrent((c) => (c + 1) % count), intervalMs);
    return () => clearInterval(timer);
    // Restart the interval after a manual change so the new slide gets its full time.
  }, [paused, count, intervalMs, active]);

  useEffect(() => {
    if (!usable) return;
    for (const video of carousel.current?.querySelectorAll('video') ?? []) {
      video.preload = 'auto';
      // Muted videos may play without a gesture; a browser that still refuses keeps the poster.
      void video.play()?.catch(() => {});
    }
  }, [usable, count]);

  const open = (item: BannerItem) => {
    const address = item.address.trim();
    if (!address) return;
    if (isExternalAddress(address)) window.open(address, '_blank', 'noopener,noreferrer');
    else void navigate(address.startsWith('/') ? address : `/${address}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, item: BannerItem) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open(item);
    }
  };

  if (count === 0) return null;

  return (
    <div
      ref={carousel}
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      aria-roledescription="carousel"
      data-testid="banner-carousel"
    >
      {items.map((item, index) => {
        const isActive = index === active;
        const linked = item.address.trim() !== '';
        return (
          <div
            key={`${item.picture}-${index}`}
            className={[styles.slide, isActive ? styles.active : '', linked ? styles.linked : ''].join(' ')}
            aria-hidden={!isActive}
            aria-roledescription="slide"
            aria-label={`第 ${index + 1} 张，共 ${count} 张`}
            data-active={isActive}
            role={linked ? 'link' : undefined}
            tabIndex={linked && isActive ? 0 : -1}
            onClick={() => open(item)}
            onKeyDown={(e) => onKeyDown(e, item)}
          >
            {item.fileType === 'video' ? (
              <video
                className={styles.media}
                src={mediaUrl(item.picture)}
                poster={VIDEO_POSTER}
                preload="none"
                muted
                loop
                playsInline
              />
            ) : (
              <img
                className={styles.media}
                src={mediaUrl(item.picture)}
                alt={`轮播图 ${index + 1}`}
                loading={index === 0 ? 'eager' : 'lazy'}
                draggable={false}
              />
            )}
          </div>
        );
      })}
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            aria-label="上一张"
            onClick={() => go(active - 1)}
          >
            <LeftOutlined />
          </button>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            aria-label="下一张"
            onClick={() => go(active + 1)}
          >
            <RightOutlined />
          </button>
          <div className={styles.dots} role="tablist" aria-label="轮播图">
            {items.map((item, index) => (
              <button
                key={`${item.picture}-${index}`}
                type="button"
                role="tab"
                aria-selected={index === active}
                aria-label={`第 ${index + 1} 张`}
                className={`${styles.dot} ${index === active ? styles.dotActive : ''}`}
                onMouseEnter={() => go(index)}
                onClick={() => go(index)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
