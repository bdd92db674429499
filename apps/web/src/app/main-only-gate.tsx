import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState, PageShell } from '../components/page-shell/page-shell';
import { userQueries } from '../entities/user/user-queries';
import { useRouteMeta } from './route-meta';

export const MAIN_ONLY_TEXT = '该页面仅限主账号使用';

/**
 * A page for main accounts only (route `handle.mainOnly`): a sub-account reaching it by its
 * address (the menus do not show it) is told so, and the page neither loads nor asks the server,
 * instead of a failed load with a retry that cannot help.
 */
export function MainOnlyGate({ children }: { children: ReactNode }) {
  const { data: user } = useQuery(userQueries.info());
  const { title } = useRouteMeta();
  if (user && user.is_main !== 1) {
    return (
      <PageShell title={title ?? MAIN_ONLY_TEXT}>
        <EmptyState text={MAIN_ONLY_TEXT}>
          <Link to="/home">返回首页</Link>
        </EmptyState>
      </PageShell>
    );
  }
  return children;
}
