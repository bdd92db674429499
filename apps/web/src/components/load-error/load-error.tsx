import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

export interface LoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** Retrying is under way. */
  retrying?: boolean;
}

/** A failed request with a retry button. */
export function LoadError({ error, onRetry, retrying }: LoadErrorProps) {
  const message = error instanceof Error && error.message ? error.message : '网络异常，请稍后重试';
  return (
    <Result
      status="warning"
      title="加载失败"
      subTitle={message}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
