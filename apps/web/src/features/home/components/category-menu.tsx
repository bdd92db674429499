import { useState } from 'react';
import { Link } from 'react-router';
import { Skeleton } from 'antd';
import {
  AppstoreOutlined,
  CarOutlined,
  RightOutlined,
  SettingOutlined,
  ThunderboltOutlined,
  ToolOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { CategoryNode } from '@shop/core/api/home';
import styles from './category-menu.module.css';

const GROUP_ICONS = [SettingOutlined, ToolOutlined, ThunderboltOutlined, CarOutlined, AppstoreOutlined];

/** Second-level category page of the catalog. */
export const categoryPath = (id: number) => `/parts/category?id=${id}`;
/** Third-level category page of the catalog. */
export const subCategoryPath = (id: number) => `/parts/sub_categories?id=${id}`;

export interface CategoryMenuProps {
  /** The five top-level groups with their second- and third-level children. */
  groups: CategoryNode[];
  loading?: boolean;
  /** The categories could not be loaded (the banner area shows the retry). */
  failed?: boolean;
}

/**
 * The category mega-panel beside the banner (spec.md section 2): '配件分类' and the top-level
 * groups; hovering the title or a group opens that group's categories over the banner.
 */
export function CategoryMenu({ groups, loading, failed }: CategoryMenuProps) {
  const [open, setOpen] = useState<number | null>(null);
  const openGroup = open === null ? undefined : groups[open];

  return (
    <nav className={styles.menu} aria-label="配件分类" onMouseLeave={() => setOpen(null)} data-testid="category-menu">
      <div className={styles.title} onMouseEnter={() => groups.length > 0 && setOpen(0)}>
        <UnorderedListOutlined />
        <span>配件分类</span>
      </div>
      {loading ? (
        <div className={styles.loading}>
          <Skeleton active title={false} paragraph={{ rows: 8 }} />
        </div>
      ) : groups.length === 0 ? (
        <div className={styles.empty}>{failed ? '分类加载失败' : '暂无分类'}</div>
      ) : (
        <ul className={styles.groups}>
          {groups.map((group, index) => {
            const Icon = GROUP_ICONS[index % GROUP_ICONS.length] ?? AppstoreOutlined;
            return (
              <li
                key={group.product_type_id}
                className={`${styles.group} ${open === index ? styles.groupActive : ''}`}
                tabIndex={0}
                aria-expanded={open === index}
                onMouseEnter={() => setOpen(index)}
                onFocus={() => setOpen(index)}
              >
                <div className={styles.groupName}>
                  <Icon className={styles.groupIcon} />
                  <span>{group.l_name_zh}</span>
                  <RightOutlined className={styles.groupArrow} />
                </div>
                <div className={styles.groupPreview}>
                  {group.children
                    .slice(0, 3)
                    .map((child) => child.l_name_zh)
                    .join(' / ')}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {openGroup && (
        <div className={styles.panel} role="region" aria-label={openGroup.l_name_zh} data-testid="category-panel">
          <div className={styles.panelTitle}>{openGroup.l_name_zh}</div>
          {openGroup.children.length === 0 ? (
            <div className={styles.empty}>暂无分类</div>
          ) : (
            openGroup.children.map((second) => (
              <dl key={second.product_type_id} className={styles.row}>
                <dt className={styles.second}>
                  <Link to={categoryPath(second.product_type_id)}>
                    {second.l_name_zh}
                    <RightOutlined className={styles.secondArrow} />
                  </Link>
                </dt>
                <dd className={styles.thirds}>
                  {second.children.map((third) => (
                    <Link
                      key={third.product_type_id}
                      className={styles.third}
                      to={subCategoryPath(third.product_type_id)}
                    >
                      {third.l_name_zh}
                    </Link>
                  ))}
                </dd>
              </dl>
            ))
          )}
        </div>
      )}
    </nav>
  );
}
