import { useEffect, useState } from 'react';
import { CONSTANTS } from '@shop/core/constants';
import styles from './anchor-bar.module.css';

export interface AnchorEntry {
  /** DOM id of the section it scrolls to. */
  id: string;
  title: string;
}

export interface AnchorBarProps {
  entries: AnchorEntry[];
  /** spec.md section 9: 3.6 s after load. */
  delayMs?: number;
}

/** Distance kept above a section after scrolling to it. */
const OFFSET = 16;

export function scrollToSection(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const top = el.getBoundingClientRect().top + window.scrollY - OFFSET;
  window.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
}

/** The section the reader is in: the last one whose top has passed a third of the window. */
function currentSection(entries: AnchorEntry[]): string | undefined {
  let current: string | undefined;
  for (const entry of entries) {
    const el = document.getElementById(entry.id);
    if (el && el.getBoundingClientRect().top <= window.innerHeight / 3) current = entry.id;
  }
  return current;
}

/**
 * The home anchor bar (spec.md section 2): appears 3.6 s after load, fixed at the side;
 * each entry scrolls smoothly to its section and the one in view is highlighted.
 */
export function AnchorBar({ entries, delayMs = CONSTANTS.homeAnchorBarDelayMs }: AnchorBarProps) {
  const [visible, setVisible] = useState(false);
  const [active, setActive] = useState<string>();

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  useEffect(() => {
    if (!visible) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setActive(currentSection(entries)));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [visible, entries]);

  if (!visible || entries.length === 0) return null;

  return (
    <nav className={styles.bar} aria-label="楼层导航" data-testid="anchor-bar">
      {entries.map((entry) => (
        <button
          key={entry.id}
          type="button"
          className={`${styles.entry} ${active === entry.id ? styles.active : ''}`}
          aria-current={active === entry.id ? 'true' : undefined}
          onClick={() => scrollToSection(entry.id)}
        >
          <span className={styles.label}>{entry.title}</span>
        </button>
      ))}
    </nav>
  );
}
