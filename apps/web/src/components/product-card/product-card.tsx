import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PictureOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import type { ProductCard as ProductCardData } from '@shop/core/api/home';
import { cardPriceShown } from '@shop/core/part-display';
import { variant } from '../../lib/brand';
import { usePreferences } from '../../lib/preferences';
import { formatPrice, truncateVehicleModel } from './product-card-format';
import { mediaUrl } from './media-url';
import styles from './product-card.module.css';

/** The cart dialog (antd Modal, Radio, the quantity box) loads on the first click of a cart button. */
const CartDialog = lazy(() => import('../cart-dialog/cart-dialog').then((m) => ({ default: m.CartDialog })));

export interface ProductCardProps {
  product: ProductCardData;
}

/**
 * A part in a card grid (spec.md section 2): image, name, OE number, vehicle model, price (hidden,
 * with the dialog's, by the purchase-price toggle: cardPriceShown), 'bought' tag, and a cart button
 * that opens the cart dialog. A click anywhere but the button opens the detail.
 */
export function ProductCard({ product }: ProductCardProps) {
  const [broken, setBroken] = useState(false);
  const name = product.product_name || product.l_name_zh;
  const model = product.l_model_zh ? truncateVehicleModel(product.l_model_zh) : '';
  const src = mediaUrl(product.pic);
  const [adding, setAdding] = useState(false);
  const priceShown = cardPriceShown(variant, usePreferences((s) => s.showPrice) ? 1 : 2);

  return (
    <div className={styles.card}>
      {/* The link and the cart button are siblings (no interactive content inside <a>): the link
          holds the whole card's content and so covers it; the button sits over its corner. */}
      <Link className={styles.link} to={`/parts/details?id=${product.product_id}`} title={name}>
        <div className={styles.imageBox}>
          {src && !broken ? (
            <img className={styles.image} src={src} alt={name} loading="lazy" onError={() => setBroken(true)} />
          ) : (
            <PictureOutlined className={styles.placeholder} aria-label="暂无图片" />
          )}
        </div>
        <div className={styles.body}>
          <div className={styles.name}>{name}</div>
          <div className={styles.line}>
            <span className={styles.label}>OE号</span>
            <span className={styles.number}>{product.number || '--'}</span>
          </div>
          <div className={styles.line} title={product.l_model_zh || undefined} data-testid="vehicle-model">
            <span className={styles.label}>车型</span>
            <span className={styles.model}>{model || '--'}</span>
          </div>
          <div className={styles.footer}>
            {priceShown && <span className={styles.price}>{formatPrice(product.sales_price)}</span>}
            {product.is_buy === 1 && <span className={styles.tag}>买过</span>}
          </div>
        </div>
      </Link>
      <button
        type="button"
        className={styles.cartButton}
        aria-label="加入购物车"
        title={product.cart_number > 0 ? `购物车中 ${product.cart_number} 件` : '加入购物车'}
        onClick={() => setAdding(true)}
      >
        <ShoppingCartOutlined />
      </button>
      {adding && (
        <Suspense fallback={null}>
          <CartDialog
            product={{
              product_id: product.product_id,
              name,
              number: product.number,
              pic: product.pic,
              price: priceShown ? product.sales_price : undefined,
            }}
            onClose={() => setAdding(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
