import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PlainButton } from '../components/plain-button/plain-button';
import styles from './app-root.module.css';

/**
 * Last resort when a screen fails to load or render (e.g. a stale chunk after a deploy); without
 * antd, which may be what failed to load.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `（${error.status} ${error.statusText}）` : '';
  return (
    <div className={styles.error} role="alert">
      <h1>页面加载失败</h1>
      <p>请刷新页面后重试{detail}</p>
      <PlainButton look="primary" onClick={() => window.location.reload()}>
        刷新页面
      </PlainButton>
    </div>
  );
}
