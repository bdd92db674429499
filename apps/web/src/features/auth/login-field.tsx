import type { ReactNode } from 'react';
import { CloseCircleIcon } from './login-icons';
import styles from './login-page.module.css';

/**
 * A field of the login forms (the password tab, the WeChat binding): its icon and input in one box
 * (red when wrong), the error under it.
 */
export function LoginField({
  icon,
  error,
  children,
}: {
  icon: ReactNode;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={styles.field}>
      <label className={`${styles.input} ${error ? styles.invalid : ''}`}>
        {icon}
        {children}
      </label>
      <div className={styles.fieldError} role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

/** The server's refusal of a login form (wrong password, expired code...), nothing while there is none. */
export function LoginError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className={styles.error} role="alert">
      <CloseCircleIcon />
      <span>{message}</span>
    </div>
  );
}
