import { useEffect, type ReactElement } from 'react';
import { Link } from 'react-router';
import { Button, Empty, Popover, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { sumMoney } from '@shop/core/api/cart-rules';
import { CART_ROUTE, cartQueries } from '../../entities/cart/cart-queries';
import { formatPrice } from '../product-card/product-card-format';
import { mediaUrl } from '../product-card/media-url';
import styles from './header-cart.module.css';

/** Lines shown in the hover preview (newest first). */
const PREVIEW_LINES = 5;

/**
 * The header cart's hover preview (its own chunk, loaded on the first hover or focus of the cart
 * link): the newest lines with the cart's total. Opens at once when it mounts under the pointer.
 */
export default function CartPopover({
  open,
  onOpenChange,
  initiallyOpen,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initiallyOpen: boolean;
  children: ReactElement;
}) {
  // On mount only: the hover that asked for this chunk opens the preview.
  useEffect(() => {
    if (initiallyOpen) onOpenChange(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const list = useQuery({ ...cartQueries.list(), enabled: open });
  const lines = list.data?.cart_list ?? [];

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
            <Link to={CART_ROUTE} onClick={() => onOpenChange(false)}>
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
    <Popover content={preview} placement="bottomRight" open={open} onOpenChange={onOpenChange} mouseEnterDelay={0.15}>
      {children}
    </Popover>
  );
}
