import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button, Empty, Popover, Spin } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { sumMoney } from '@shop/core/api/cart-rules';
import { CART_ROUTE, cartQueries } from '../../entities/cart/cart-queries';
import { formatPrice } from '../product-card/product-card-format';
import { mediaUrl } from '../product-card/media-url';
import styles from './header-cart.module.css';

/** Lines shown in the hover preview (newest first). */
export const PREVIEW_LINES = 5;

/**
 * The header's cart count (client state cartNumber, spec.md section 2 'Header'): links to
 * /settlement/list and shows a hover preview of the newest lines with the cart's total.
 */
export function HeaderCart() {
  const count = useQuery(cartQueries.count());
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A navigation (e.g. clicking the count) closes the preview.
  useEffect(() => setOpen(false), [pathname]);
  const list = useQuery({ ...cartQueries.list(), enabled: open });
  const lines = list.data?.cart_list ?? [];
  const cartNumber = count.data?.cart_number ?? 0;

  const preview = (
    <div className={styles.preview} data-testid="cart-preview">
      {list.isLoading ? (
        <Spin />
      ) : lines.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="购物车还是空的" />
      ) : (
        <>
          <div className={styles.previewTitle}>最新加入的商品</div>
          <ul className={styles.lines}>
            {lines.slice(0, PREVIEW_LINES).map((l) => (
              <li key={l.pd_cart_id} className={styles.line}>
                {l.pic ? <img src={mediaUrl(l.pic)} alt="" className={styles.pic} /> : <span className={styles.pic} />}
                <Link to={`/parts/details?id=${l.product_id}`} className={styles.name} title={l.l_name_zh}>
                  {l.l_name_zh}
                  <span className={styles.code}>{l.frey_no}</span>
                </Link>
                <span className={styles.amount}>
                  {formatPrice(l.price)} × {l.quantity}
                </span>
              </li>
            ))}
          </ul>
          <div className={styles.previewFooter}>
            <span>
              共 {lines.length} 种商品，合计{' '}
              <b className={styles.total}>¥{sumMoney(lines.map((l) => l.tootal_price))}</b>
            </span>
            <Link to={CART_ROUTE} onClick={() => setOpen(false)}>
              <Button type="primary" size="small">
                去购物车结算
              </Button>
            </Link>
          </div>
        </>
      )}
    </div>
  );

  return (
    <Popover content={preview} placement="bottomRight" open={open} onOpenChange={setOpen} mouseEnterDelay={0.15}>
      <Link to={CART_ROUTE} className={styles.entry} aria-label={`购物车，${cartNumber} 种商品`}>
        <ShoppingCartOutlined className={styles.icon} />
        <span>我的购物车</span>
        <span className={styles.count} data-testid="cart-count">
          {cartNumber}
        </span>
      </Link>
    </Popover>
  );
}
