/** Business constants and limits of spec.md section 9, shared by web and server. */
export const CONSTANTS = {
  requestTimeoutMs: 15_000,
  bannerAutoplayMs: 5_000,
  carouselPageSize: 5,
  hotRecommendsKept: 5,
  toastSeconds: 2.5,
  liveKeepAliveMs: 20_000,
  notificationConnectDelayMs: 1_000,
  feedbackFileMaxBytes: 104_857_600,
  spreadsheetMaxBytes: 10 * 1024 * 1024,
  /** Numbers one multi-number search looks up (one per line). */
  multiNumberMax: 500,
  preferenceCookieDays: 365,
  shopUserCookieDays: 1,
  defaultWarehouse: 1,
  homeAnchorBarDelayMs: 3_600,
  vehicleModelMaxChars: 20,
  enginesShown: 5,
  videoQueryLimit: 20,
  hotRankLimit: 20,
  /** The points cart list asks for page 1 with this limit. */
  pointsCartListLimit: 999,
  pageSizes: [10, 20, 50, 100, 150, 200],
  defaultPageSize: 10,
  searchShakeMs: 1_000,
  vinNavigateDelayMs: 1_000,
  vinNavigateDelayAfterOcrMs: 1_200,
  copiedFlagMs: 2_000,
  version: '1.0.3',
} as const;

/**
 * The largest id a table can hold (serial = int4). A larger id cannot name a row, and sent to the
 * database it fails the query (a server fault): id schemas cap at it.
 */
export const ID_MAX = 2_147_483_647;

export const WAREHOUSES = { guangzhou: 1, beijing: 2 } as const;
export type WarehouseId = (typeof WAREHOUSES)[keyof typeof WAREHOUSES];
/** Warehouse names as shown in lists, exports and quotations (tag 1 Guangzhou, tag 2 Beijing). */
export const WAREHOUSE_NAMES: Record<WarehouseId, string> = { 1: '广州仓', 2: '北京仓' };
