import type { ReactNode } from 'react';
import { Button, Result } from 'antd';

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** Retrying is under way. */
  retrying?: boolean;
}

/**
 * A screen or section whose data did not come: the reason (the error's message, else
 * `fallbackText`) and a retry button. Each app names the button in its own words.
 */
export function LoadError({
  error,
  onRetry,
  retrying,
  fallbackText,
  retryText,
  retryIcon,
}: LoadErrorProps & { fallbackText: string; retryText: string; retryIcon?: ReactNode }) {
  const text = error instanceof Error && error.message ? error.message : fallbackText;
  return (
    <Result
      status="warning"
      title="加载失败"
      subTitle={text}
      extra={
        <Button type="primary" icon={retryIcon} loading={retrying} onClick={onRetry}>
          {retryText}
        </Button>
      }
    />
  );
}
