import { useState, type ReactNode } from 'react';
import { Button, Popover, Radio, Tag } from 'antd';
import { ExportOutlined, ShareAltOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { shownCartAddRefusal } from '@shop/core/api/cart-rules';
import type { ProductDetail } from '@shop/core/api/parts';
import { WAREHOUSE_NAMES, WAREHOUSES, type WarehouseId } from '@shop/core/constants';
import {
  cartonText,
  priceProtectionBadge,
  restockOffered,
  rowCartBlocked,
  showFavouriteStar,
  partStockState,
  STOCK_STATE_TEXT,
  stockFiguresHidden,
  stockText,
  visiblePriceLabels,
  warehouseStock,
} from '@shop/core/part-display';
import { useVariant } from '../../lib/variant-context';
import { effectiveWarehouse, usePreferences } from '../../lib/preferences';
import { QuantityStepper } from '../quantity-stepper/quantity-stepper';
import { formatPrice } from '../product-card/product-card-format';
import type { PartActions } from '../../entities/part/use-part-actions';
import { LinesTable } from '../lines-table/lines-table';
import styles from './part-detail-view.module.css';

export const RESTOCK_TEXT = { offer: '到货提醒', done: '已提醒' } as const;

/** What the cart issue needs to add the part: the chosen warehouse and quantity. */
export interface DetailPurchaseState {
  productId: number;
  warehouse: WarehouseId;
  quantity: number;
  /** How many of the part the company's cart holds (cart_number, with what was just added). */
  cartNumber: number;
  /** Why the part may not be added to that warehouse (shownCartAddRefusal), else undefined. */
  refusal?: string | undefined;
  /** Adds `quantity` to `warehouse` (usePartActions' addToCart). */
  add: () => void;
  adding: boolean;
}

export interface DetailSummaryProps {
  /** The detail with what its actions changed (PartActions' part). */
  detail: ProductDetail;
  actions: PartActions;
  /** Beijing warehouse offered (regional account in a variant that has it). */
  beijingEnabled: boolean;
  /** The route named stock shows exact stock (spec.md section 2). */
  routeName?: string;
  onShare: () => void;
  /** The 'open in new window' link (the drawer shows its own in its header). */
  showNewWindow?: boolean;
  /** Extra controls next to the quantity (the cart issue's 'add to cart'). */
  renderPurchase?: (state: DetailPurchaseState) => ReactNode;
}

function KitTable({ detail }: { detail: ProductDetail }) {
  return (
    <LinesTable
      rowKey="key"
      dataSource={detail.l_spec_zh_list.map((item, index) => ({ ...item, key: index }))}
      columns={[
        { title: 'OE', dataIndex: 'oe', width: 160 },
        { title: '名称', dataIndex: 'product_name', width: 180 },
        { title: '数量', dataIndex: 'number', width: 60, align: 'center' },
      ]}
    />
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <span className={styles.fieldLabel}>{label}</span>
      <span className={styles.fieldValue}>{children}</span>
    </div>
  );
}

/** Name, codes, prices, stock, kit, warehouse, quantity and the favourite / share / new-window links. */
export function DetailSummary({
  detail,
  actions,
  beijingEnabled,
  routeName,
  onShare,
  showNewWindow = true,
  renderPurchase,
}: DetailSummaryProps) {
  const variant = useVariant();
  const showPrice = usePreferences((s) => s.showPrice);
  const warehouseChoice = usePreferences((s) => s.warehouse);
  const setWarehouse = usePreferences((s) => s.setWarehouse);
  const warehouse = effectiveWarehouse(warehouseChoice, beijingEnabled);
  const [quantity, setQuantity] = useState(1);

  const name = detail.product_name || detail.l_name_zh;
  const prices = visiblePriceLabels(variant, showPrice ? 1 : 0);
  const [headPrice, ...otherPrices] = prices;
  // While the view-stock gate applies the server sends no figures, only the stock state.
  const gated = stockFiguresHidden(variant, detail, routeName);
  const stock = warehouseStock(detail, warehouse);
  const myStock = detail.my_stock ?? 0;
  // In transit: on_way_stock, or the row's stock_zaitu once 'view stock' has brought the figures.
  const onWayStock = detail.on_way_stock ?? detail.stock_zaitu ?? 0;
  const badge = priceProtectionBadge(variant, detail.scm_classification);
  const carton = cartonText(detail.outbox_fcl_quantity);
  // One variant: a delisting part has no star (showFavouriteStar: unless already a favourite) and
  // shows 'about to be delisted' instead of the cart controls, unless it can still be ordered
  // (spec.md section 4).
  const delisting = variant.delistingNotice && detail.is_delisting === 1;
  // Beijing without Beijing stock: plus and 'add to cart' are blocked (spec.md section 4).
  const refusal = shownCartAddRefusal(warehouse, detail.beijing_stock);

  let stockView: ReactNode;
  if (detail.is_coming_soon === 1) {
    stockView = <Tag color="blue">即将上市</Tag>;
  } else if (gated) {
    stockView = (
      <>
        <span className={styles.stockLevel} data-testid="stock-level">
          {STOCK_STATE_TEXT[partStockState(detail, warehouse)]}
        </span>
        <Button type="link" size="small" loading={actions.pending.stock} onClick={actions.viewStock}>
          查看库存
        </Button>
      </>
    );
  } else {
    stockView = (
      <>
        <span className={styles.stockValue} data-testid="stock-value">
          {stockText(variant, stock, 'detail')}
        </span>
        {/* Offered when nothing the account can order from has stock and the part is not going
            (the server refuses otherwise). */}
        {restockOffered(variant, { ...detail, my_stock: myStock }) && (
          <Button
            size="small"
            type={detail.is_apply === 1 ? 'default' : 'primary'}
            ghost={detail.is_apply !== 1}
            loading={actions.pending.restock}
            onClick={actions.requestRestock}
          >
            {detail.is_apply === 1 ? RESTOCK_TEXT.done : RESTOCK_TEXT.offer}
          </Button>
        )}
      </>
    );
  }

  return (
    <div className={styles.summary}>
      <h1 className={styles.title}>
        {detail.activity_flag === 1 && detail.activity_flag_image && (
          <img className={styles.activityBadge} src={detail.activity_flag_image} alt="活动" />
        )}
        {name}
      </h1>
      <div className={styles.links}>
        {showFavouriteStar(variant, detail) && (
          <Button
            type="text"
            size="small"
            icon={detail.is_sub === 1 ? <StarFilled className={styles.starOn} /> : <StarOutlined />}
            onClick={actions.toggleFavourite}
            aria-pressed={detail.is_sub === 1}
            aria-busy={actions.pending.favourite}
          >
            {detail.is_sub === 1 ? '已收藏' : '收藏'}
          </Button>
        )}
        <Button type="text" size="small" icon={<ShareAltOutlined />} onClick={onShare}>
          分享
        </Button>
        {showNewWindow && (
          <a
            className={styles.newWindow}
            href={`/parts/details?id=${detail.product_id}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <ExportOutlined /> 在新窗口打开
          </a>
        )}
      </div>

      <div className={styles.fields}>
        <Field label="配件编码">{detail.frey_no || '--'}</Field>
        <Field label="OE号">{detail.number || '--'}</Field>
        <Field label="品牌">{detail.brand_name || '--'}</Field>
        {detail.l_spec_zh && <Field label="规格">{detail.l_spec_zh}</Field>}
        {(carton || badge) && (
          <Field label="包装">
            {carton}
            {badge && (
              <Tag className={styles.badge} color="gold">
                {badge}
              </Tag>
            )}
          </Field>
        )}
        {detail.l_spec_zh_list.length > 0 && (
          <Field label="套件">
            <Popover title="套件信息" content={<KitTable detail={detail} />} placement="bottomLeft">
              <a className={styles.kitLink} tabIndex={0}>
                含 {detail.l_spec_zh_list.length} 项配件，查看套件信息
              </a>
            </Popover>
          </Field>
        )}
      </div>

      <div className={styles.priceBox} data-testid="detail-prices">
        {headPrice && (
          <div className={styles.headPrice}>
            <span className={styles.priceLabel}>{headPrice.label}</span>
            <span className={styles.priceMain}>{formatPrice(detail.prices[headPrice.key])}</span>
          </div>
        )}
        {otherPrices.length > 0 && (
          <div className={styles.priceList}>
            {otherPrices.map((p) => (
              <span key={p.key} className={styles.priceItem}>
                <span className={styles.priceLabel}>{p.label}</span>
                <span>{formatPrice(detail.prices[p.key])}</span>
              </span>
            ))}
          </div>
        )}
      </div>

      <div className={styles.fields}>
        <Field label="发货仓">
          <Radio.Group
            optionType="button"
            size="small"
            value={warehouse}
            onChange={(e) => setWarehouse(e.target.value as WarehouseId)}
            options={[
              { label: WAREHOUSE_NAMES[WAREHOUSES.guangzhou], value: WAREHOUSES.guangzhou },
              ...(beijingEnabled ? [{ label: WAREHOUSE_NAMES[WAREHOUSES.beijing], value: WAREHOUSES.beijing }] : []),
            ]}
            aria-label="发货仓"
          />
        </Field>
        <Field label="库存">
          <span className={styles.stock}>{stockView}</span>
          {detail.is_coming_soon !== 1 && onWayStock > 0 && !gated && (
            <span className={styles.onWay} data-testid="on-way-stock">
              在途 {stockText(variant, onWayStock, 'detail')}
            </span>
          )}
        </Field>
        <Field label="数量">
          {rowCartBlocked(variant, detail) ? (
            <Tag color="red">即将下架</Tag>
          ) : (
            <span className={styles.quantity}>
              {delisting && <Tag color="blue">可订货</Tag>}
              <QuantityStepper value={quantity} onChange={setQuantity} inputWidth={72} plusBlockedReason={refusal} />
              {renderPurchase?.({
                productId: detail.product_id,
                warehouse,
                quantity,
                cartNumber: detail.cart_number,
                refusal,
                add: () => actions.addToCart(quantity, warehouse),
                adding: actions.pending.cart,
              })}
              {refusal && <span className={styles.refusal}>{refusal}</span>}
            </span>
          )}
        </Field>
      </div>
    </div>
  );
}
