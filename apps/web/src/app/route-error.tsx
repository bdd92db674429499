import { Button } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import styles from './app-root.module.css';

/** Last resort when a screen fails to load or render (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `（${error.status} ${error.statusText}）` : '';
  return (
    <div className={styles.error} role="alert">
      <h1>页面加载失败</h1>
      <p>请刷新页面后重试{detail}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        刷新页面
      </Button>
    </div>
  );
}
