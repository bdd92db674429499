import { describe, expect, it } from 'vitest';
import { BRAND_VARIANTS } from './brand-variants';
import {
  cartonText,
  clampPage,
  enginesText,
  isNextDisabled,
  isPrevDisabled,
  isTightStock,
  modelText,
  normalizePageSize,
  pageCount,
  priceProtectionBadge,
  priceProtectionDays,
  sanitizeQuantity,
  showFavouriteStar,
  showViewStock,
  stockLevelText,
  stockText,
  visiblePriceLabels,
  cardPriceShown,
  rowCartBlocked,
  restockOffered,
  warehouseStock,
} from './part-display';

const { frey, eurox, autoline, partsky } = BRAND_VARIANTS;

describe('stockText caps', () => {
  it('main variant: 99+ above 100 in rows and detail', () => {
    expect(stockText(frey, 100, 'row')).toBe('100');
    expect(stockText(frey, 101, 'row')).toBe('99+');
    expect(stockText(frey, 100, 'detail')).toBe('100');
    expect(stockText(frey, 101, 'detail')).toBe('99+');
  });

  it.each([eurox, autoline, partsky])('$key: rows above 70, detail above 100', (v) => {
    expect(stockText(v, 70, 'row')).toBe('70');
    expect(stockText(v, 71, 'row')).toBe('99+');
    expect(stockText(v, 71, 'detail')).toBe('71');
    expect(stockText(v, 101, 'detail')).toBe('99+');
  });

  it('shows 0 and negative stock as 0', () => {
    expect(stockText(frey, 0, 'row')).toBe('0');
    expect(stockText(frey, -3, 'row')).toBe('0');
  });
});

describe('tight stock', () => {
  it('is tight when stock is missing, days under 7 or stock under 10', () => {
    expect(isTightStock(undefined, 30)).toBe(true);
    expect(isTightStock(null, 30)).toBe(true);
    expect(isTightStock(500, 6)).toBe(true);
    expect(isTightStock(9, 30)).toBe(true);
    expect(isTightStock(10, 7)).toBe(false);
    expect(isTightStock(10, undefined)).toBe(false);
    expect(stockLevelText(9, 30)).toBe('紧张');
    expect(stockLevelText(50, 30)).toBe('正常');
  });
});

describe('view stock gate', () => {
  it('shows only in the gated variant, for is_view_stock 0, off the stock route', () => {
    expect(showViewStock(frey, 0, 'search')).toBe(true);
    expect(showViewStock(frey, 0, undefined)).toBe(true);
    expect(showViewStock(frey, 1, 'search')).toBe(false);
    expect(showViewStock(frey, 0, 'stock')).toBe(false);
    expect(showViewStock(eurox, 0, 'search')).toBe(false);
  });
});

describe('price protection', () => {
  it.each([
    ['A', 60],
    ['XA', 60],
    ['B', 60],
    ['XB', 60],
    ['C', 180],
    ['XC', 180],
    ['D', 180],
    ['XD', 180],
  ])('%s → %i days', (cls, days) => {
    expect(priceProtectionDays(cls)).toBe(days);
  });

  it('has no days for unknown classes, and a badge only for the main variant', () => {
    expect(priceProtectionDays('E')).toBeNull();
    expect(priceProtectionDays('')).toBeNull();
    expect(priceProtectionBadge(frey, 'XB')).toBe('价保60天');
    expect(priceProtectionBadge(frey, 'D')).toBe('价保180天');
    expect(priceProtectionBadge(eurox, 'A')).toBeNull();
  });
});

describe('texts', () => {
  it('carton text only when outbox_fcl_quantity is non-zero', () => {
    expect(cartonText(12)).toBe('12个/箱');
    expect(cartonText(0)).toBeNull();
  });

  it('cuts the model at 20 characters', () => {
    expect(modelText('奔驰C级 W205')).toBe('奔驰C级 W205');
    expect(modelText('一二三四五六七八九十一二三四五六七八九十')).toBe('一二三四五六七八九十一二三四五六七八九十');
    expect(modelText('一二三四五六七八九十一二三四五六七八九十多')).toBe('一二三四五六七八九十一二三四五六七八九十...');
  });

  it('cuts engines to five with an ellipsis', () => {
    expect(enginesText('M274,M264,M270')).toBe('M274,M264,M270');
    expect(enginesText('M274, M264，M270,M276,M256')).toBe('M274,M264,M270,M276,M256');
    expect(enginesText('M274,M264,M270,M276,M256,OM654')).toBe('M274,M264,M270,M276,M256...');
    expect(enginesText('')).toBe('');
  });
});

describe('visible price labels', () => {
  it('hides shareholder-only labels unless showShareholderPrice is 1', () => {
    expect(visiblePriceLabels(frey, 1).map((l) => l.label)).toEqual([
      '经销价',
      '香河仓价',
      '汽配龙价',
      '建议零售价',
      '4S店价',
    ]);
    expect(visiblePriceLabels(frey, 2).map((l) => l.label)).toEqual(['香河仓价', '汽配龙价', '建议零售价', '4S店价']);
    expect(visiblePriceLabels(eurox, 0).map((l) => l.key)).toEqual([
      'city_tax_price',
      'suggest_price',
      'terminal_price',
    ]);
    expect(visiblePriceLabels(eurox, true)).toHaveLength(5);
  });

  it("shows a product card's price (the first label) only while the toggle shows shareholder prices", () => {
    expect(cardPriceShown(frey, 1)).toBe(true);
    expect(cardPriceShown(frey, 2)).toBe(false);
    expect(cardPriceShown(eurox, true)).toBe(true);
    expect(cardPriceShown(eurox, 0)).toBe(false);
    const openFirst = { priceLabels: [{ key: 'retail_price', label: '零售价', shareholderOnly: false }] };
    expect(cardPriceShown(openFirst, 2)).toBe(true);
    expect(cardPriceShown({ priceLabels: [] }, 1)).toBe(false);
  });
});

describe('quantity', () => {
  it('keeps digits only, as a non-negative integer', () => {
    expect(sanitizeQuantity('12')).toBe(12);
    expect(sanitizeQuantity('1a2')).toBe(12);
    expect(sanitizeQuantity('-5')).toBe(5);
    expect(sanitizeQuantity('3.7')).toBe(37);
    expect(sanitizeQuantity('')).toBe(0);
    expect(sanitizeQuantity('abc')).toBe(0);
    expect(sanitizeQuantity('007')).toBe(7);
    expect(sanitizeQuantity(4)).toBe(4);
  });
});

describe('pagination', () => {
  it('pages = ceil(total / size)', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(201, 200)).toBe(2);
  });

  it('page below 1 → 1; beyond the end → last', () => {
    expect(clampPage(0)).toBe(1);
    expect(clampPage(-4)).toBe(1);
    expect(clampPage(Number.NaN)).toBe(1);
    expect(clampPage(9, 25, 10)).toBe(3);
    expect(clampPage(2, 25, 10)).toBe(2);
  });

  it('prev disabled on page 1, next disabled at the last page', () => {
    expect(isPrevDisabled(1)).toBe(true);
    expect(isPrevDisabled(2)).toBe(false);
    expect(isNextDisabled(2, 25, 10)).toBe(false);
    expect(isNextDisabled(3, 25, 10)).toBe(true);
    expect(isNextDisabled(1, 0, 10)).toBe(true);
  });

  it('allows only the listed page sizes', () => {
    expect(normalizePageSize(50)).toBe(50);
    expect(normalizePageSize(30)).toBe(10);
  });
});

describe('favourite star', () => {
  it('hides the star of a delisting part in the delisting variant, unless it is a favourite already', () => {
    expect(showFavouriteStar(partsky, { is_delisting: 1, is_sub: 0 })).toBe(false);
    // Favourited before it was delisted: the dealer must be able to remove it.
    expect(showFavouriteStar(partsky, { is_delisting: 1, is_sub: 1 })).toBe(true);
    expect(showFavouriteStar(partsky, { is_delisting: 0, is_sub: 0 })).toBe(true);
    for (const v of [frey, eurox, autoline]) expect(showFavouriteStar(v, { is_delisting: 1, is_sub: 0 })).toBe(true);
  });
});

describe('rowCartBlocked', () => {
  it('blocks the cart only for a delisting part that cannot be ordered, in the variant with the notice', () => {
    const partsky = BRAND_VARIANTS.partsky;
    expect(rowCartBlocked(partsky, { is_delisting: 1, is_orderable: 0 })).toBe(true);
    expect(rowCartBlocked(partsky, { is_delisting: 1, is_orderable: 1 })).toBe(false);
    expect(rowCartBlocked(partsky, { is_delisting: 0, is_orderable: 0 })).toBe(false);
    expect(rowCartBlocked(BRAND_VARIANTS.frey, { is_delisting: 1, is_orderable: 0 })).toBe(false);
  });
});

describe('restockOffered', () => {
  it('offers the arrival reminder without stock, except for a part that is going (即将下架)', () => {
    const partsky = BRAND_VARIANTS.partsky;
    const part = { my_stock: 0, is_delisting: 0, is_orderable: 1 };
    expect(restockOffered(partsky, part)).toBe(true);
    expect(restockOffered(partsky, { ...part, my_stock: 3 })).toBe(false);
    expect(restockOffered(partsky, { ...part, is_delisting: 1, is_orderable: 0 })).toBe(false);
    expect(restockOffered(partsky, { ...part, is_delisting: 1, is_orderable: 1 })).toBe(true);
    expect(restockOffered(BRAND_VARIANTS.frey, { ...part, is_delisting: 1, is_orderable: 0 })).toBe(true);
  });
});

describe('warehouseStock', () => {
  it('is the Beijing stock for warehouse 2 and the Guangzhou stock otherwise', () => {
    const part = { frey_stock: 120, beijing_stock: 0 };
    expect(warehouseStock(part, 2)).toBe(0);
    expect(warehouseStock(part, 1)).toBe(120);
    expect(stockLevelText(warehouseStock(part, 2), 30)).toBe('紧张');
    expect(stockLevelText(warehouseStock(part, 1), 30)).toBe('正常');
    expect(warehouseStock({}, 2)).toBe(0);
  });
});

describe('stock state behind the view-stock gate', () => {
  it('is the tight/normal rule over the chosen warehouse, or the state the server sent', async () => {
    const { stockState, partStockState, stockFiguresHidden } = await import('./part-display');
    expect(stockState(9, 30)).toBe('tight');
    expect(stockState(10, 7)).toBe('normal');
    expect(stockState(500, 6)).toBe('tight');
    expect(stockState(undefined, 30)).toBe('tight');
    expect(partStockState({ stock_state: 'normal', consumable_days: 30 })).toBe('normal');
    expect(partStockState({ frey_stock: 50, consumable_days: 30 })).toBe('normal');
    expect(partStockState({ frey_stock: 3, consumable_days: 30 })).toBe('tight');
    // The chosen warehouse: Beijing's state (sent, or over its figure).
    expect(partStockState({ stock_state: 'normal', beijing_stock_state: 'tight', consumable_days: 30 }, 2)).toBe(
      'tight',
    );
    expect(partStockState({ frey_stock: 50, beijing_stock: 0, consumable_days: 30 }, 2)).toBe('tight');
    // Hidden while the gate applies, and whenever the answer carries no figures.
    expect(stockFiguresHidden(frey, { is_view_stock: 0, my_stock: 5 }, 'search')).toBe(true);
    expect(stockFiguresHidden(frey, { is_view_stock: 0, my_stock: 5 }, 'stock')).toBe(false);
    expect(stockFiguresHidden(frey, { is_view_stock: 1, my_stock: 5 })).toBe(false);
    expect(stockFiguresHidden(eurox, { is_view_stock: 1, my_stock: 5 })).toBe(false);
    expect(stockFiguresHidden(frey, { is_view_stock: 1 })).toBe(true);
  });
});
