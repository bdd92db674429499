import type { ReactNode } from 'react';
import styles from './home-section.module.css';

export interface SectionHeaderProps {
  title: string;
  subtitle?: string;
  extra?: ReactNode;
  /** id of the heading, for the section's aria-labelledby. */
  id?: string;
}

export function SectionHeader({ title, subtitle, extra, id }: SectionHeaderProps) {
  return (
    <div className={styles.header}>
      <h2 className={styles.title} id={id}>
        {title}
      </h2>
      {subtitle && <span className={styles.subtitle}>{subtitle}</span>}
      {extra && <div className={styles.extra}>{extra}</div>}
    </div>
  );
}
