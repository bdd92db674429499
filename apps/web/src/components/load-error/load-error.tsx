import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { LoadErrorProps } from '@shop/ui/load-error';
import styles from './load-error.module.css';

export type { LoadErrorProps };

/** antd's Result (with its illustrations) loads only when a request has failed. */
const SharedLoadError = lazy(() => import('@shop/ui/load-error').then((m) => ({ default: m.LoadError })));

const FALLBACK_TEXT = '网络异常，请稍后重试';
const RETRY_TEXT = '重试';

/** A failed request with a retry button. */
export function LoadError(props: LoadErrorProps) {
  return (
    <Suspense fallback={<PlainLoadError {...props} />}>
      <SharedLoadError {...props} fallbackText={FALLBACK_TEXT} retryText={RETRY_TEXT} retryIcon={<ReloadOutlined />} />
    </Suspense>
  );
}

/** The same texts and button while Result loads. */
function PlainLoadError({ error, onRetry, retrying }: LoadErrorProps) {
  const text = error instanceof Error && error.message ? error.message : FALLBACK_TEXT;
  return (
    <div className={styles.plain}>
      <div className={styles.title}>加载失败</div>
      <div className={styles.text}>{text}</div>
      <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry}>
        {RETRY_TEXT}
      </Button>
    </div>
  );
}
