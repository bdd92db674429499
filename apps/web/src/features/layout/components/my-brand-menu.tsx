import { lazy, startTransition, Suspense, useState } from 'react';
import type { MenuProps } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { variant } from '../../../lib/brand';
import { MY_MENU_GROUPS, shownLinks, type LinkContext } from '../nav-links';
import styles from './shop-header.module.css';

/** antd's Dropdown (and the menu under it) loads on the first hover or focus of the link. */
const MyBrandDropdown = lazy(() => import('./my-brand-dropdown'));

/** The 'my {brand}' hover menu; hidden while none of its screens exist. */
export function MyBrandMenu({ ctx }: { ctx: LinkContext }) {
  const [wanted, setWanted] = useState(false);
  const [hovered, setHovered] = useState(false);
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
  // A transition: the link stays as it is (no fallback swapped in under the pointer) while the
  // menu's chunk loads.
  const load = () => startTransition(() => setWanted(true));
  const trigger = (
    <span
      className={styles.topLink}
      tabIndex={0}
      onMouseEnter={() => {
        setHovered(true);
        load();
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={load}
    >
      我的{variant.brandZh} <DownOutlined style={{ fontSize: 10 }} />
    </span>
  );
  return (
    <Suspense fallback={trigger}>
      {wanted ? (
        // Still under the pointer when the menu has loaded: it opens as the hover asked.
        <MyBrandDropdown items={items} initiallyOpen={hovered}>
          {trigger}
        </MyBrandDropdown>
      ) : (
        trigger
      )}
    </Suspense>
  );
}
