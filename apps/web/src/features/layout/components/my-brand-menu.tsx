import { lazy } from 'react';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LoadOnHover } from '../../../components/load-on-hover/load-on-hover';
import { variant } from '../../../lib/brand';
import { MY_MENU_GROUPS, shownLinks, type LinkContext } from '../nav-links';
import styles from './shop-header.module.css';

/** antd's Dropdown (and the menu under it) loads on the first hover or focus of the link. */
const MyBrandDropdown = lazy(() => import('./my-brand-dropdown'));

/** The 'my {brand}' hover menu; hidden while none of its screens exist. */
export function MyBrandMenu({ ctx }: { ctx: LinkContext }) {
  const items: MenuProps['items'] = MY_MENU_GROUPS.map((group) => ({
    group,
    links: shownLinks(group.links, ctx),
  }))
    .filter(({ links }) => links.length > 0)
    .map(({ group, links }) => ({
      type: 'group' as const,
      key: group.title,
      label: group.title,
      children: links.map((link) => ({ key: link.key, label: <Link to={link.path}>{link.label}</Link> })),
    }));

  if (items.length === 0) return null;
  return (
    <LoadOnHover
      trigger={(hover) => (
        <span {...hover} className={styles.topLink} tabIndex={0}>
          我的{variant.brandZh} <DownOutlined style={{ fontSize: 10 }} />
        </span>
      )}
      loaded={(trigger, hovered) => (
        <MyBrandDropdown items={items} initiallyOpen={hovered}>
          {trigger}
        </MyBrandDropdown>
      )}
    />
  );
}
