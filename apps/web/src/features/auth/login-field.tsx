import type { ReactNode } from 'react';
import { CloseCircleIcon } from './login-icons';
import styles from './login-page.module.css';

/**
 * A field of the login forms (password, SMS code, the WeChat binding): its icon and input in one
 * box (red when wrong), the error under it. `beside` stands next to the box (the SMS tab's
 * 获取验证码); `note` shows in the error's place while there is no error.
 */
export function LoginField({
  icon,
  error,
  note,
  beside,
  children,
}: {
  icon: ReactNode;
  error: string | undefined;
  note?: ReactNode;
  beside?: ReactNode;
  children: ReactNode;
}) {
  const box = (
    <label className={`${styles.input} ${error ? styles.invalid : ''}`}>
      {icon}
      {children}
    </label>
  );
  return (
    <div className={styles.field}>
      {beside ? (
        <div className={styles.codeRow}>
          {box}
          {beside}
        </div>
      ) : (
        box
      )}
      <div className={styles.fieldError} role={error ? 'alert' : undefined}>
        {error ?? note}
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
