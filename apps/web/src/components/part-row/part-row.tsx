import { memo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Checkbox, Tag } from 'antd';
import { PictureOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { shownCartAddRefusal, quantityBoxValue } from '@shop/core/api/cart-rules';
import type { MatchKind, ProductRow } from '@shop/core/api/parts';
import {
  cartonText,
  enginesText,
  modelText,
  partStockState,
  priceProtectionBadge,
  restockOffered,
  rowCartBlocked,
  showFavouriteStar,
  splitEngines,
  STOCK_STATE_TEXT,
  stockFiguresHidden,
  stockText,
  visiblePriceLabels,
  warehouseStock,
} from '@shop/core/part-display';
import { WAREHOUSE_NAMES, type WarehouseId } from '@shop/core/constants';
import { notify } from '../../lib/notify';
import { effectiveWarehouse, usePreferences } from '../../lib/preferences';
import { formatPrice } from '../product-card/product-card-format';
import { mediaUrl } from '../product-card/media-url';
import { COPY_FAILED_TEXT, COPY_OK_TEXT, copyText } from './copy-text';
import { usePartActions } from '../../entities/part/use-part-actions';
import { useVariant } from '../../lib/variant-context';
import { QuantityStepper } from '../quantity-stepper/quantity-stepper';
import { AddToCartButton } from './add-to-cart-button';
import { HoverPopover } from './hover-popover';
import styles from './part-row.module.css';

/**
 * One part in a part group (spec.md section 2 'Part row', section 4 'Stock display',
 * 'Restock alert', 'Favourite', 'Delisting and coming soon').
 *
 * The row OWNS its actions through the part entity's usePartActions (the detail uses the same
 * hook): favourite, 'view stock' (then an automatic restock alert when the stock is 0), the
 * restock alert and add to cart. It shows the changed fields (is_sub, is_apply, stock,
 * is_view_stock, cart_number) at once and reports them through `onChanged`, so a page only has
 * to pass rows. The quantity box (QuantityStepper: digits only, at most the cart's
 * 99999) keeps its own value and reports it through `onQuantityChange`; 'add to cart'
 * (AddToCartButton) adds that quantity.
 */
export interface PartRowProps {
  row: ProductRow;
  checked: boolean;
  /** The tick changed; the product id comes second so a group can pass one stable callback. */
  onCheckedChange: (checked: boolean, productId: number) => void;
  /** Show the Beijing warehouse's stock (variant has it and the account is regional). */
  showBeijing: boolean;
  /** The current route's name; 'stock' lifts the view-stock gate. */
  routeName?: string;
  /** Clicking the name: default navigates to /parts/details?id=. */
  onOpenDetail?: (row: ProductRow) => void;
  /** A row field changed on the server through this row (favourite, restock alert, stock). */
  onChanged?: (productId: number, patch: Partial<ProductRow>) => void;
  onQuantityChange?: (productId: number, quantity: number) => void;
  /** The quantity input's starting value (e.g. a multi-number line's '=quantity'); default 0 (adds 1). */
  initialQuantity?: number;
}

const MATCH_TEXT: Partial<Record<MatchKind, string>> = {
  replacement: '替换号',
  old: '旧号',
  search: '通用号',
};

export const detailPath = (id: number, tab?: 'video' | 'questions' | 'advantage') =>
  `/parts/details?id=${id}${tab ? `#${tab}` : ''}`;

/**
 * PartRow is memo and split in two: the tick cell, and the other cells (PartRowCells, memo too,
 * which hold the row's state). Ticking re-renders the tick cell only, so a page ticking hundreds
 * of rows at once (multi-number 'select all') does not re-render every row's content; pass
 * stable callbacks (e.g. useCallback) for the memo to hold.
 */
export const PartRow = memo(function PartRow({ row, checked, onCheckedChange, ...cells }: PartRowProps) {
  const id = row.product_id;
  // The row's own patches (favourite, stock, restock alert) never touch the name.
  const name = row.product_name || row.l_name_zh;
  return (
    <tr className={styles.row} data-testid={`part-row-${id}`}>
      <td className={styles.select}>
        <Checkbox
          checked={checked}
          onChange={(e) => onCheckedChange(e.target.checked, id)}
          aria-label={`选择 ${name}`}
        />
      </td>
      <PartRowCells row={row} {...cells} />
    </tr>
  );
});

type PartRowCellsProps = Omit<PartRowProps, 'checked' | 'onCheckedChange'>;

const PartRowCells = memo(function PartRowCells({
  row,
  showBeijing,
  routeName,
  onOpenDetail,
  onChanged,
  onQuantityChange,
  initialQuantity,
}: PartRowCellsProps) {
  const variant = useVariant();
  // Favourite, view stock, restock alert and add to cart: the part's one set of actions, shared
  // with the detail; `r` is the row with what they changed.
  const actions = usePartActions(row, { onChanged });
  const r = actions.part;
  const [quantity, setQuantity] = useState<number>(() => quantityBoxValue(initialQuantity ?? 0));
  const showPrice = usePreferences((s) => s.showPrice);
  // The warehouse the account ships from: its stock is the row's stock, and Beijing without
  // Beijing stock blocks plus and 'add to cart' (spec.md section 4 'Cart quantity').
  const warehouse = effectiveWarehouse(
    usePreferences((s) => s.warehouse),
    showBeijing,
  );
  const refusal = shownCartAddRefusal(warehouse, r.beijing_stock);
  const id = r.product_id;
  const name = r.product_name || r.l_name_zh;
  const delisting = variant.delistingNotice && r.is_delisting === 1;

  const copy = async (text: string) => {
    if (text && (await copyText(text))) notify.success(COPY_OK_TEXT);
    else notify.error(COPY_FAILED_TEXT);
  };

  const changeQuantity = (next: number) => {
    setQuantity(next);
    onQuantityChange?.(id, next);
  };

  const labels = visiblePriceLabels(variant, showPrice ? 1 : 2);
  const carton = cartonText(r.outbox_fcl_quantity);
  const protection = priceProtectionBadge(variant, r.scm_classification);
  const engines = splitEngines(r.engines);
  const matched = r.match_kind ? MATCH_TEXT[r.match_kind] : undefined;

  return (
    <>
      <td className={styles.picture}>
        <RowPicture row={r} name={name} />
      </td>
      <td className={styles.codes}>
        <CodeLine label="编码" value={r.frey_no} onCopy={copy} />
        <CodeLine label="OE" value={r.number} onCopy={copy} />
        {matched && r.search_no && (
          <div className={styles.matched}>
            {matched}：{r.search_no}
          </div>
        )}
      </td>
      <td className={styles.info}>
        {onOpenDetail ? (
          <button type="button" className={styles.name} onClick={() => onOpenDetail(r)}>
            {name}
          </button>
        ) : (
          <Link className={styles.name} to={detailPath(id)}>
            {name}
          </Link>
        )}
        <div className={styles.tags}>
          {r.brand_name && <span className={styles.brand}>{r.brand_name}</span>}
          {carton && <span className={styles.carton}>{carton}</span>}
          {protection && (
            <Tag color="gold" className={styles.badge}>
              {protection}
            </Tag>
          )}
        </div>
      </td>
      <td className={styles.attributes}>
        <HoverPopover
          placement="right"
          title="配件属性"
          content={<AttributePanel row={r} engines={engines} />}
          mouseEnterDelay={0.2}
        >
          <div className={styles.attributeLines} data-testid="attributes">
            <div>
              <span className={styles.label}>车型</span>
              {modelText(r.l_model_zh) || '--'}
            </div>
            <div>
              <span className={styles.label}>发动机</span>
              {enginesText(r.engines) || '--'}
            </div>
            {r.search_numbers.length > 0 && (
              <div className={styles.ellipsis}>
                <span className={styles.label}>替换号</span>
                {r.search_numbers
                  .slice(0, 2)
                  .map((n) => n.search_number)
                  .join('，')}
                {r.search_numbers.length > 2 ? '…' : ''}
              </div>
            )}
          </div>
        </HoverPopover>
      </td>
      <td className={styles.prices} data-testid="prices">
        {labels.length === 0
          ? '--'
          : labels.map((l) => (
              <div key={l.key} className={styles.priceLine}>
                <span className={styles.label}>{l.label}</span>
                <span className={l === labels[0] ? styles.priceMain : undefined}>{formatPrice(r.prices[l.key])}</span>
              </div>
            ))}
      </td>
      <td className={styles.stock} data-testid="stock">
        <StockCell
          row={r}
          showBeijing={showBeijing}
          warehouse={warehouse}
          routeName={routeName}
          stockBusy={actions.pending.stock}
          onViewStock={actions.viewStock}
          onRestock={actions.requestRestock}
        />
      </td>
      <td className={styles.actions}>
        <div className={styles.cartLine}>
          {rowCartBlocked(variant, r) ? (
            <Tag color="red">即将下架</Tag>
          ) : (
            <>
              {delisting && <Tag color="blue">可订货</Tag>}
              <QuantityStepper value={quantity} onChange={changeQuantity} plusBlockedReason={refusal} />
              <AddToCartButton
                inCart={r.cart_number}
                pending={actions.pending.cart}
                refusal={refusal}
                onAdd={() => actions.addToCart(quantity, warehouse)}
              />
            </>
          )}
          {showFavouriteStar(variant, r) && (
            <button
              type="button"
              className={`${styles.star} ${r.is_sub === 1 ? styles.starOn : ''}`}
              aria-label={r.is_sub === 1 ? '取消收藏' : '收藏'}
              aria-pressed={r.is_sub === 1}
              aria-busy={actions.pending.favourite}
              onClick={actions.toggleFavourite}
            >
              {r.is_sub === 1 ? <StarFilled /> : <StarOutlined />}
            </button>
          )}
        </div>
        {refusal && !rowCartBlocked(variant, r) && <div className={styles.refusal}>{refusal}</div>}
        {r.orders_sales_history_text && <div className={styles.history}>{r.orders_sales_history_text}</div>}
        <div className={styles.links}>
          {r.video && <Link to={detailPath(id, 'video')}>视频</Link>}
          {r.is_examine === 1 && <Link to={detailPath(id, 'questions')}>相关问题</Link>}
          {r.is_product_advantage === 1 && <Link to={detailPath(id, 'advantage')}>产品优势</Link>}
        </div>
      </td>
    </>
  );
});

function CodeLine({ label, value, onCopy }: { label: string; value: string; onCopy: (text: string) => void }) {
  if (!value) return null;
  return (
    <div className={styles.codeLine}>
      <span className={styles.label}>{label}</span>
      <button type="button" className={styles.code} title="点击复制" onClick={() => onCopy(value)}>
        {value}
      </button>
    </div>
  );
}

function RowPicture({ row, name }: { row: ProductRow; name: string }) {
  const [broken, setBroken] = useState(false);
  const src = mediaUrl(row.pic);
  const comingSoon = row.is_coming_soon === 1;
  const badge =
    row.activity_flag === 1 ? (
      row.activity_flag_image ? (
        <img className={styles.activity} src={mediaUrl(row.activity_flag_image)} alt="活动" />
      ) : (
        <span className={styles.activityText}>活动</span>
      )
    ) : null;

  if (comingSoon || !src || broken) {
    return (
      <div className={styles.pictureBox} data-testid="picture-placeholder">
        <PictureOutlined className={styles.placeholder} />
        {comingSoon && <span className={styles.comingSoon}>即将上市</span>}
        {badge}
      </div>
    );
  }
  return (
    <HoverPopover
      placement="right"
      content={<img className={styles.zoom} src={src} alt={name} />}
      styles={{ container: { padding: 4 } }}
    >
      <div className={styles.pictureBox}>
        <img className={styles.image} src={src} alt={name} loading="lazy" onError={() => setBroken(true)} />
        {badge}
      </div>
    </HoverPopover>
  );
}

function AttributePanel({ row, engines }: { row: ProductRow; engines: string[] }) {
  return (
    <div className={styles.panel}>
      <dl>
        <dt>车型</dt>
        <dd>{row.l_model_zh || '--'}</dd>
        <dt>发动机</dt>
        <dd>{engines.length ? engines.join('，') : '--'}</dd>
        <dt>替换号 / 通用号</dt>
        <dd>
          {row.search_numbers.length === 0
            ? '--'
            : row.search_numbers.map((n) => (
                <div key={`${n.factory}-${n.search_number}`}>
                  <span className={styles.label}>{n.factory}</span>
                  {n.search_number}
                </div>
              ))}
        </dd>
      </dl>
    </div>
  );
}

interface StockCellProps {
  row: ProductRow;
  showBeijing: boolean;
  /** The warehouse the account ships from (always Guangzhou without the Beijing warehouse). */
  warehouse: WarehouseId;
  routeName?: string;
  stockBusy: boolean;
  onViewStock: () => void;
  onRestock: () => void;
}

/**
 * The stock cell: the chosen warehouse's stock. Behind the view-stock gate its tight / normal
 * level; else its figure first and marked, with the other warehouse's figure below it for an
 * account that has both.
 */
function StockCell({
  row,
  showBeijing,
  warehouse,
  routeName,
  stockBusy,
  onViewStock,
  onRestock,
}: StockCellProps): ReactNode {
  const variant = useVariant();
  if (row.is_coming_soon === 1) return <span className={styles.muted}>--</span>;

  // While the view-stock gate applies the server sends no figures, only the stock state.
  if (stockFiguresHidden(variant, row, routeName)) {
    const state = partStockState(row, warehouse);
    return (
      <>
        <div className={state === 'tight' ? styles.tight : styles.normal} data-testid="stock-state">
          {showBeijing && <span className={styles.label}>{WAREHOUSE_NAMES[warehouse]}</span>}
          {STOCK_STATE_TEXT[state]}
        </div>
        <Button type="link" size="small" className={styles.linkButton} loading={stockBusy} onClick={onViewStock}>
          查看库存
        </Button>
      </>
    );
  }

  const shown: WarehouseId[] = !showBeijing ? [1] : warehouse === 2 ? [2, 1] : [1, 2];
  const inTransit = row.stock_zaitu ?? 0;
  return (
    <>
      {shown.map((w) => {
        const stock = warehouseStock(row, w);
        return (
          <div
            key={w}
            className={`${styles.stockLine} ${showBeijing && w === warehouse ? styles.chosenStock : ''}`}
            data-testid={w === warehouse ? 'chosen-stock' : undefined}
          >
            <span className={styles.label}>{WAREHOUSE_NAMES[w]}</span>
            <span className={stock > 0 ? undefined : styles.zero}>{stockText(variant, stock, 'row')}</span>
          </div>
        );
      })}
      {inTransit > 0 && (
        <div className={styles.stockLine}>
          <span className={styles.label}>在途</span>
          {stockText(variant, inTransit, 'row')}
        </div>
      )}
      {restockOffered(variant, { ...row, my_stock: row.my_stock ?? 0 }) && (
        <Button
          type="link"
          size="small"
          className={`${styles.linkButton} ${row.is_apply === 1 ? styles.applied : ''}`}
          onClick={onRestock}
        >
          {row.is_apply === 1 ? '已提醒' : '到货提醒'}
        </Button>
      )}
    </>
  );
}
