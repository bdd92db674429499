import { Result } from 'antd';
import { ApiStatus } from '@shop/core/api-status';
import { LoadError as SharedLoadError, type LoadErrorProps } from '@shop/ui/load-error';
import { ApiError } from '../lib/api';

/**
 * The server's refusal to show the thing (it does not exist, its id or a filter is malformed):
 * asking again would get the same answer.
 */
const refusedOutright = (error: unknown) =>
  error instanceof ApiError &&
  (error.kind === 'business'
    ? error.status === ApiStatus.refused
    : error.kind === 'http' && [400, 404].includes(error.status));

/**
 * A screen whose data did not come: the reason and a retry; a refusal (refusedOutright) as such,
 * without a retry (the way back is the screen's).
 */
export function LoadError(props: LoadErrorProps) {
  if (refusedOutright(props.error))
    return <Result status="404" title="无法查看" subTitle={(props.error as Error).message} />;
  return <SharedLoadError {...props} fallbackText="加载失败，请稍后再试" retryText="重新加载" />;
}
