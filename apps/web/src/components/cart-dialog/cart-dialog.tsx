import { useState } from 'react';
import { Modal, Radio } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { shownCartAddRefusal } from '@shop/core/api/cart-rules';
import { beijingWarehouseEnabled } from '@shop/core/brand-variants';
import { WAREHOUSE_NAMES, WAREHOUSES, type WarehouseId } from '@shop/core/constants';
import { variant } from '../../lib/brand';
import { useAddToCart } from '../../entities/cart/cart-queries';
import { effectiveWarehouse, usePreferences } from '../../lib/preferences';
import { userQueries } from '../../entities/user/user-queries';
import { formatPrice } from '../product-card/product-card-format';
import { mediaUrl } from '../product-card/media-url';
import { QuantityStepper } from '../quantity-stepper/quantity-stepper';
import styles from './cart-dialog.module.css';

/** The part the dialog adds. */
export interface CartDialogProduct {
  product_id: number;
  name: string;
  number: string;
  pic: string;
  /** The price shown; undefined while the purchase-price toggle hides it. */
  price?: string | undefined;
  is_coming_soon?: 0 | 1;
  /** Beijing stock when known (plus is blocked at 0 for the Beijing warehouse). */
  beijing_stock?: number;
}

/**
 * The cart dialog (spec.md section 2 'Shared pieces'): quantity and, for accounts with the
 * Beijing warehouse, the shipping warehouse (which updates the shared choice), then 'add to
 * cart'. Mount it only while open (it reads the profile).
 */
export function CartDialog({ product, onClose }: { product: CartDialogProduct; onClose: () => void }) {
  const { data: user } = useQuery(userQueries.info());
  const beijingEnabled = beijingWarehouseEnabled(variant, user?.is_regional_warehouse ?? 0);
  const choice = usePreferences((s) => s.warehouse);
  const setWarehouse = usePreferences((s) => s.setWarehouse);
  const warehouse = effectiveWarehouse(choice, beijingEnabled);
  const [quantity, setQuantity] = useState(1);
  const add = useAddToCart();
  // Only when the Beijing stock is known; else the server's answer says it.
  const refusal = shownCartAddRefusal(warehouse, product.beijing_stock);

  const confirm = () =>
    add.mutate(
      {
        product_id: product.product_id,
        quantity,
        warehouse_type: warehouse,
        is_coming_soon: variant.comingSoonCartFlag && product.is_coming_soon === 1 ? 1 : 0,
      },
      { onSuccess: onClose },
    );

  return (
    <Modal
      open
      title="加入购物车"
      okText="加入购物车"
      cancelText="取消"
      okButtonProps={{ disabled: quantity <= 0 || refusal !== undefined }}
      confirmLoading={add.isPending}
      onOk={confirm}
      onCancel={onClose}
      width={420}
    >
      <div className={styles.product}>
        {product.pic ? (
          <img src={mediaUrl(product.pic)} alt="" className={styles.pic} />
        ) : (
          <span className={styles.pic} />
        )}
        <div>
          <div className={styles.name}>{product.name}</div>
          <div className={styles.number}>OE号 {product.number || '--'}</div>
          {product.price !== undefined && <div className={styles.price}>{formatPrice(product.price)}</div>}
        </div>
      </div>
      {beijingEnabled && (
        <div className={styles.field}>
          <span className={styles.label}>发货仓库</span>
          <Radio.Group
            value={warehouse}
            onChange={(e) => setWarehouse(e.target.value as WarehouseId)}
            options={[
              { value: WAREHOUSES.guangzhou, label: WAREHOUSE_NAMES[WAREHOUSES.guangzhou] },
              { value: WAREHOUSES.beijing, label: WAREHOUSE_NAMES[WAREHOUSES.beijing] },
            ]}
          />
        </div>
      )}
      <div className={styles.field}>
        <span className={styles.label}>数量</span>
        <QuantityStepper value={quantity} onChange={setQuantity} min={1} inputWidth={64} plusBlockedReason={refusal} />
        {refusal && <span className={styles.hint}>{refusal}</span>}
      </div>
    </Modal>
  );
}
