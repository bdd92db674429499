import type { ReactNode } from 'react';
import { PhoneOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BrandLogo } from '../../../components/brand-logo/brand-logo';
import { HeaderCart } from '../../../components/header-cart/header-cart';
import { COOKIE, getCookie } from '../../../lib/cookies';
import { shopName, variant } from '../../../lib/brand';
import { userQueries } from '../../../entities/user/user-queries';
import { useLogoutDialog } from '../hooks/use-logout-dialog';
import { MY_MENU_GROUPS, SHOP_LINKS, isLinkShown, linkPath, shownLinks, type LinkContext } from '../nav-links';
import { MainNav } from './main-nav';
import { MyBrandMenu } from './my-brand-menu';
import { SearchBox } from './search-box';
import styles from './shop-header.module.css';

/**
 * The shop header (spec.md section 2): top bar (welcome text, company, phone, exit, 'my
 * {brand}' menu, my orders), logo, search box and the cart count with its hover preview, main
 * nav. The notification badge comes from the app (the messages feature) through `badge`.
 */
export function ShopHeader({ autoHeight = false, badge }: { autoHeight?: boolean; badge?: ReactNode }) {
  const { data: user } = useQuery(userQueries.info());
  const openLogout = useLogoutDialog();
  const ctx: LinkContext = { variant, user };
  const phone = user?.phone || getCookie(COOKIE.phone) || '';
  const account = user?.username || getCookie(COOKIE.username) || '';
  const hasAccountLinks =
    isLinkShown('myOrders', ctx) || MY_MENU_GROUPS.some((group) => shownLinks(group.links, ctx).length > 0);

  return (
    <header className={`${styles.header} ${autoHeight ? styles.autoHeight : ''}`}>
      <div className={styles.topBar}>
        <div className={`shop-container ${styles.topInner}`}>
          <span className={styles.welcome}>您好，欢迎来到{shopName}</span>
          <div className={styles.topRight}>
            {user?.company_name && (
              <span className={styles.company} title={user.company_name}>
                {user.company_name}
              </span>
            )}
            {(phone || account) &&
              (isLinkShown('account', ctx) ? (
                <Link to={linkPath('account') ?? SHOP_LINKS.account.path} className={styles.topLink}>
                  {phone || account}
                </Link>
              ) : (
                <span>{phone || account}</span>
              ))}
            <button type="button" className={styles.exit} onClick={openLogout}>
              退出
            </button>
            {badge}
            {hasAccountLinks && <span role="separator" aria-orientation="vertical" className={styles.divider} />}
            <MyBrandMenu ctx={ctx} />
            {isLinkShown('myOrders', ctx) && (
              <Link to={SHOP_LINKS.myOrders.path} className={styles.topLink}>
                {SHOP_LINKS.myOrders.label}
              </Link>
            )}
          </div>
        </div>
      </div>
      <div className={`shop-container ${styles.main}`}>
        <Link to="/home" className={styles.logo} aria-label="返回首页">
          <BrandLogo height={52} />
        </Link>
        <SearchBox autoHeight={autoHeight} />
        <HeaderCart />
        <div className={styles.hotline}>
          <PhoneOutlined className={styles.hotlineIcon} />
          <div>
            <div className={styles.hotlineLabel}>客服热线</div>
            <div className={styles.hotlineNumber}>{variant.servicePhone}</div>
          </div>
        </div>
      </div>
      <MainNav ctx={ctx} />
    </header>
  );
}
