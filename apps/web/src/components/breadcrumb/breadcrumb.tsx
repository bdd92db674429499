import { Link } from 'react-router';
import { RightOutlined } from '@ant-design/icons';
import styles from './breadcrumb.module.css';

/** One step of a breadcrumb; the last step (or one without `to`) is plain text. */
export interface BreadcrumbItem {
  label: string;
  to?: string;
}

/** The breadcrumb (spec.md section 2): '首页 > 配件 > 刹车系统 > 刹车片'. */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  return (
    <nav className={styles.crumbs} aria-label="面包屑">
      <ol>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`}>
              {item.to && !last ? (
                <Link to={item.to}>{item.label}</Link>
              ) : (
                <span aria-current={last ? 'page' : undefined}>{item.label}</span>
              )}
              {!last && <RightOutlined className={styles.sep} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
