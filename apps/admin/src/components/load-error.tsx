import { Button, Result } from 'antd';

/** A screen whose data did not come: the reason and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const text = error instanceof Error && error.message ? error.message : '加载失败，请稍后再试';
  return (
    <Result
      status="warning"
      title="加载失败"
      subTitle={text}
      extra={
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
