import type { ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { Navigate, useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@shop/core/staff-permissions';
import { ApiError } from '../lib/api';
import { loginPathFor } from '../lib/return-path';
import { hasPermission, meQuery } from '../lib/staff';
import { LoadError } from '../components/load-error';

/** Screens behind the staff login: without a session, the login page with the way back. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const location = useLocation();
  const me = useQuery(meQuery);
  const back = `${location.pathname}${location.search}`;
  if (me.isPending) return <Spin size="large" fullscreen description="加载中…" />;
  if (me.data === null || (me.error instanceof ApiError && me.error.kind === 'session')) {
    return <Navigate to={loginPathFor(back)} replace />;
  }
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  return <>{children}</>;
}

/** A screen behind a permission: others see why, the server refuses them anyway. */
export function RequirePermission({ permission, children }: { permission: Permission; children: ReactNode }) {
  const me = useQuery(meQuery);
  if (!hasPermission(me.data, permission)) {
    return <Result status="403" title="无权限访问" subTitle="你的角色没有此页面的权限，请联系管理员。" />;
  }
  return <>{children}</>;
}
