import { lazy, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CART_ROUTE, cartQueries } from '../../entities/cart/cart-queries';
import { LoadOnHover } from '../load-on-hover/load-on-hover';
import styles from './header-cart.module.css';

/** The preview (antd Popover, Spin, Empty) loads on the first hover or focus of the count. */
const CartPopover = lazy(() => import('./cart-popover'));

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
  const cartNumber = count.data?.cart_number ?? 0;

  return (
    <LoadOnHover
      trigger={(hover) => (
        <Link {...hover} to={CART_ROUTE} className={styles.entry} aria-label={`购物车，${cartNumber} 种商品`}>
          <ShoppingCartOutlined className={styles.icon} />
          <span>我的购物车</span>
          <span className={styles.count} data-testid="cart-count">
            {cartNumber}
          </span>
        </Link>
      )}
      loaded={(trigger, hovered) => (
        <CartPopover open={open} onOpenChange={setOpen} initiallyOpen={hovered}>
          {trigger}
        </CartPopover>
      )}
    />
  );
}
