import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { Badge } from 'antd';
import type { UnreadStatus } from '@shop/core/api/messages';
import { Breadcrumb, type BreadcrumbItem } from '../components/breadcrumb/breadcrumb';
import { variant } from '../lib/brand';
import { userQueries } from '../entities/user/user-queries';
import { unreadStatusQueries } from '../entities/unread-status/unread-status-queries';
import { useRouteMeta } from './route-meta';
import {
  activeProfileEntry,
  profileHomePath,
  shownProfileMenu,
  type ProfileMenuContext,
} from '../features/profile/profile-menu';
import styles from './profile-layout.module.css';

/** An entry's label with a dot while Shop.Message/unreadStatus says it has unread replies. */
function UnreadLabel({ label, field }: { label: string; field: keyof UnreadStatus }) {
  const unread = useQuery({ ...unreadStatusQueries.status(), meta: { showError: false } });
  if (unread.data?.[field] !== 1) return label;
  return (
    <Badge dot offset={[6, 0]} title="有新回复" data-testid="profile-menu-unread">
      <span className={styles.entryLabel}>{label}</span>
    </Badge>
  );
}

/** The side menu of the account centre: its groups and shown entries, the current one marked. */
export function ProfileMenu({ ctx }: { ctx: ProfileMenuContext }) {
  const { pathname } = useLocation();
  const active = activeProfileEntry(pathname);
  const menu = shownProfileMenu(ctx);
  return (
    <nav className={styles.menu} aria-label="个人中心菜单">
      <Link to="/profile" className={styles.menuTitle}>
        个人中心
      </Link>
      {menu.map((group) => (
        <section key={group.title} className={styles.group} aria-label={group.title}>
          <h2 className={styles.groupTitle}>{group.title}</h2>
          <ul>
            {group.entries.map((entry) => (
              <li key={entry.path}>
                <Link
                  to={entry.path}
                  className={entry.path === active?.path ? styles.active : undefined}
                  aria-current={entry.path === active?.path ? 'page' : undefined}
                >
                  {entry.unread ? <UnreadLabel label={entry.label} field={entry.unread} /> : entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

function useProfileContext(): ProfileMenuContext {
  const { data: user } = useQuery(userQueries.info());
  return { variant, user };
}

/**
 * The account centre's frame (/profile/*): breadcrumb, the side menu and the page. The pages
 * inside render only their own cards (PageShell without crumbs).
 */
export function ProfileLayout() {
  const ctx = useProfileContext();
  const { pathname } = useLocation();
  const { title } = useRouteMeta();
  const active = activeProfileEntry(pathname);
  const crumbs: BreadcrumbItem[] = [
    { label: '首页', to: '/home' },
    { label: '个人中心', to: '/profile' },
  ];
  if (active) crumbs.push({ label: active.label, to: active.path });
  if (title && title !== active?.label) crumbs.push({ label: title });
  return (
    <div className={`shop-container ${styles.page}`}>
      <Breadcrumb items={crumbs} />
      <div className={styles.frame}>
        <ProfileMenu ctx={ctx} />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}

/** /profile leads to the account page once it exists, else to the first page of the menu. */
export function ProfileIndex() {
  const to = profileHomePath(useProfileContext());
  return <Navigate replace to={to ?? '/404'} />;
}
