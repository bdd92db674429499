import type { ButtonHTMLAttributes } from 'react';
import styles from './plain-button.module.css';

export interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** 'primary': the brand's colour; 'default': white with a grey border. */
  look?: 'primary' | 'default';
  size?: 'middle' | 'large';
  /** The full width of its container. */
  block?: boolean;
  /** A spinner before the text; the button takes no clicks meanwhile (its name stays its text). */
  loading?: boolean;
}

/**
 * A button in antd's look without antd, for the screens that render before antd has loaded
 * (/login, the router's error screen).
 */
export function PlainButton({
  look = 'default',
  size = 'middle',
  block = false,
  loading = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: PlainButtonProps) {
  const classes = [
    styles.button,
    styles[look],
    styles[size],
    block && styles.block,
    loading && styles.loading,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled} aria-busy={loading || undefined}>
      {loading && <span className={styles.spinner} aria-hidden />}
      <span>{children}</span>
    </button>
  );
}
