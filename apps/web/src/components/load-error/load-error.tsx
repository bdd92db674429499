import { ReloadOutlined } from '@ant-design/icons';
import { LoadError as SharedLoadError, type LoadErrorProps } from '@shop/ui/load-error';

export type { LoadErrorProps };

/** A failed request with a retry button. */
export function LoadError(props: LoadErrorProps) {
  return (
    <SharedLoadError {...props} fallbackText="网络异常，请稍后重试" retryText="重试" retryIcon={<ReloadOutlined />} />
  );
}
