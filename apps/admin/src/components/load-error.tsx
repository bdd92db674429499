import { LoadError as SharedLoadError, type LoadErrorProps } from '@shop/ui/load-error';

/** A screen whose data did not come: the reason and a retry. */
export function LoadError(props: LoadErrorProps) {
  return <SharedLoadError {...props} fallbackText="加载失败，请稍后再试" retryText="重新加载" />;
}
