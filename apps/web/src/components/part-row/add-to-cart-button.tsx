import type { ReactNode } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import styles from './part-row.module.css';

/**
 * How many of the part the company's cart holds (both warehouses), as a badge on the add
 * button: the part's cart_number, grown at once by what this page adds (usePartActions).
 */
export function InCartBadge({ count, children }: { count: number; children: ReactNode }) {
  if (count <= 0) return children;
  return (
    <span data-testid="in-cart" title={`购物车中 ${count} 件`}>
      <Badge count={count} overflowCount={999} size="small">
        {children}
      </Badge>
    </span>
  );
}

/**
 * 'Add to cart' of a part row or detail (the action is usePartActions' addToCart). Disabled, with
 * the reason as its tooltip, when the part may not go into the chosen warehouse
 * (shownCartAddRefusal: Beijing without Beijing stock). Shows the quantity in the cart (InCartBadge).
 */
export function AddToCartButton({
  inCart,
  pending,
  refusal,
  onAdd,
  size = 'small',
}: {
  inCart: number;
  pending: boolean;
  refusal: string | undefined;
  onAdd: () => void;
  size?: 'small' | 'middle' | 'large';
}) {
  return (
    <InCartBadge count={inCart}>
      <Tooltip title={refusal}>
        {/* A disabled button gets no pointer events: the tooltip hangs on a wrapper. */}
        <span className={styles.tooltipTarget}>
          <Button
            type="primary"
            size={size}
            icon={<ShoppingCartOutlined />}
            loading={pending}
            disabled={refusal !== undefined}
            onClick={onAdd}
            aria-label="加入购物车"
          >
            加入购物车
          </Button>
        </span>
      </Tooltip>
    </InCartBadge>
  );
}
