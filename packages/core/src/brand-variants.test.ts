import { describe, expect, test } from 'vitest';
import {
  BRAND_KEYS,
  BRAND_VARIANTS,
  beijingWarehouseEnabled,
  canSeeModuleNav,
  MODULE_FLAGS,
  moduleEnabled,
  rewriteApiPath,
  visibleBrandTiles,
} from './brand-variants';

const { frey, eurox, autoline, partsky } = BRAND_VARIANTS;

describe('variant table', () => {
  test('four variants, keys consistent', () => {
    expect(BRAND_KEYS).toHaveLength(4);
    for (const key of BRAND_KEYS) expect(BRAND_VARIANTS[key].key).toBe(key);
  });

  test('main variant: its five price labels and every module on', () => {
    expect(frey.priceLabels.map((l) => l.label)).toEqual(['经销价', '香河仓价', '汽配龙价', '建议零售价', '4S店价']);
    expect(Object.values(frey.modules).every(Boolean)).toBe(true);
    expect(frey.viewStockGate).toBe(true);
    expect(frey.priceProtectionBadge).toBe(true);
  });

  test('one variant drops the last two labels of another', () => {
    expect(autoline.priceLabels.map((l) => l.key)).toEqual(eurox.priceLabels.slice(0, 3).map((l) => l.key));
  });

  test('each spec difference appears in at least one variant', () => {
    const all = Object.values(BRAND_VARIANTS);
    expect(all.filter((v) => v.beijingWarehouse)).toHaveLength(2);
    expect(all.filter((v) => v.addressLogistics)).toHaveLength(1);
    expect(all.filter((v) => v.galleryMaxPictures === 8)).toHaveLength(1);
    expect(all.filter((v) => v.delistingNotice)).toHaveLength(1);
    expect(all.filter((v) => v.showAttributeDescription)).toHaveLength(1);
    expect(all.filter((v) => v.pathRewrite).length).toBeGreaterThan(1);
    expect(new Set(all.map((v) => v.mainBrandTiles.kind))).toEqual(new Set(['specialised', 'grouped', 'fixed']));
    expect(all.filter((v) => !v.modules.points).length).toBeGreaterThan(0);
    // stock caps: main variant 100 in rows, the other three 70 in rows and 100 in the detail
    expect(frey.stockCaps).toEqual({ row: 100, detail: 100 });
    for (const v of [eurox, autoline, partsky]) expect(v.stockCaps).toEqual({ row: 70, detail: 100 });
  });

  test('dealer prices are shareholder-only', () => {
    for (const v of Object.values(BRAND_VARIANTS)) expect(v.priceLabels[0]?.shareholderOnly).toBe(true);
    expect(eurox.priceLabels.find((l) => l.key === 'purchase_price')?.shareholderOnly).toBe(true);
  });
});

describe('rules', () => {
  test('path rewrite keeps VIN endpoints', () => {
    expect(rewriteApiPath(frey, '/api/Shop.User/login')).toBe('/api/Shop.User/login');
    expect(rewriteApiPath(eurox, '/api/Shop.User/login')).toBe('/api/Shopv2.User/login');
    expect(rewriteApiPath(eurox, '/api/Shop.Vin/searchproduct')).toBe('/api/Shop.Vin/searchproduct');
    expect(rewriteApiPath(eurox, '/api/Vin/ocr')).toBe('/api/Vin/ocr');
  });

  test('module nav only for main accounts with the module on', () => {
    expect(canSeeModuleNav(frey, 'points', true)).toBe(true);
    expect(canSeeModuleNav(frey, 'points', false)).toBe(false);
    expect(canSeeModuleNav(partsky, 'points', true)).toBe(false);
    expect(canSeeModuleNav(autoline, 'report', true)).toBe(true);
  });

  test('moduleEnabled reads the variant table; no flag means every brand', () => {
    for (const flag of MODULE_FLAGS) {
      expect(moduleEnabled(frey, flag)).toBe(true);
      expect(moduleEnabled(partsky, flag)).toBe(false);
    }
    expect(moduleEnabled(eurox, 'priceProtection')).toBe(false);
    expect(moduleEnabled(eurox, 'resourceShare')).toBe(true);
    expect(moduleEnabled(partsky, undefined)).toBe(true);
  });

  test('Beijing warehouse for regional accounts in variants that have it', () => {
    expect(beijingWarehouseEnabled(frey, 1)).toBe(true);
    expect(beijingWarehouseEnabled(frey, 0)).toBe(false);
    expect(beijingWarehouseEnabled(partsky, 1)).toBe(false);
  });

  test('grouped tiles keep only makes in brand_grouping_lists', () => {
    const tiles = visibleBrandTiles(frey, [{ make_name: '宝马' }, { make_name: '沃尔沃' }, { make_name: '丰田' }]);
    expect(tiles.map((t) => t.name)).toEqual(['宝马', '沃尔沃']);
    expect(visibleBrandTiles(frey, [])).toEqual([]);
    expect(visibleBrandTiles(partsky, []).map((t) => t.name)).toEqual(['丰田', '本田']);
  });
});
