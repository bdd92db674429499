import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';
import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FormOutlined,
  UserOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { LazyOverlay } from '../../../components/load-on-hover/lazy-overlay';
import { usePreferences } from '../../../lib/preferences';
import { SHOP_LINKS, isLinkShown, type LinkContext } from '../nav-links';
import styles from './side-bar.module.css';

/** antd's Descriptions loads when the popover first opens (the popover on the first hover or focus). */
const ProfileSummary = lazy(() => import('./profile-summary').then((m) => ({ default: m.ProfileSummary })));

function Entry({ icon, label, ...rest }: { icon: ReactNode; label: ReactNode } & ComponentProps<'button'>) {
  return (
    <button type="button" className={styles.entry} {...rest}>
      <span className={styles.icon}>{icon}</span>
      <span className={styles.label}>{label}</span>
    </button>
  );
}

/**
 * The floating side bar (spec.md section 2): profile, purchase price toggle (cookie show_price),
 * feedback, collapse (cookie side_bar_hidden), back to top.
 */
export function SideBar({ ctx, onFeedback }: { ctx: LinkContext; onFeedback: () => void }) {
  const showPrice = usePreferences((s) => s.showPrice);
  const hidden = usePreferences((s) => s.sideBarHidden);
  const setShowPrice = usePreferences((s) => s.setShowPrice);
  const setHidden = usePreferences((s) => s.setSideBarHidden);

  if (hidden) {
    return (
      <button type="button" className={styles.expand} aria-label="展开侧边栏" onClick={() => setHidden(false)}>
        <DoubleLeftOutlined />
        <span>展开</span>
      </button>
    );
  }

  const profileIcon = <UserOutlined />;
  return (
    <aside className={styles.bar} aria-label="侧边栏">
      {isLinkShown('personalCentre', ctx) ? (
        <Link to={SHOP_LINKS.personalCentre.path} className={styles.entry}>
          <span className={styles.icon}>{profileIcon}</span>
          <span className={styles.label}>个人中心</span>
        </Link>
      ) : (
        <LazyOverlay
          kind="popover"
          placement="left"
          title="个人中心"
          content={
            <Suspense fallback={<div style={{ width: 240 }}>账户信息加载中…</div>}>
              <ProfileSummary user={ctx.user} />
            </Suspense>
          }
        >
          {(hover) => <Entry {...hover} icon={profileIcon} label="个人中心" />}
        </LazyOverlay>
      )}
      <LazyOverlay kind="tooltip" placement="left" title={showPrice ? '点击隐藏采购价' : '点击显示采购价'}>
        {(hover) => (
          <Entry
            {...hover}
            icon={showPrice ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            label={showPrice ? '隐藏采购价' : '显示采购价'}
            aria-pressed={showPrice}
            onClick={() => setShowPrice(!showPrice)}
          />
        )}
      </LazyOverlay>
      <Entry icon={<FormOutlined />} label="意见反馈" onClick={onFeedback} />
      <Entry icon={<DoubleRightOutlined />} label="收起" aria-label="收起侧边栏" onClick={() => setHidden(true)} />
      <Entry
        icon={<VerticalAlignTopOutlined />}
        label="顶部"
        aria-label="回到顶部"
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      />
    </aside>
  );
}
