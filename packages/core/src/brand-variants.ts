/**
 * The brand variants (design.md section 6, spec.md sections 1, 6 and 9). One code base serves
 * every brand: the server reads BRAND, the web app receives the same variant at run time.
 * Every difference spec.md names between brands lives here and nowhere else.
 */

export const BRAND_KEYS = ['frey', 'eurox', 'autoline', 'partsky'] as const;
export type BrandKey = (typeof BRAND_KEYS)[number];
export const DEFAULT_BRAND: BrandKey = 'frey';

export interface PriceLabel {
  /** Key of the amount in a product row's `prices` map. */
  key: string;
  /** The Chinese label shown to the user. */
  label: string;
  /**
   * Dealer and secondary purchase prices: hidden (row and header price) when the
   * showShareholderPrice toggle is not 1.
   */
  shareholderOnly: boolean;
}

export interface ModuleFlags {
  points: boolean;
  coupon: boolean;
  priceProtection: boolean;
  report: boolean;
  resourceShare: boolean;
}
export type ModuleKey = keyof ModuleFlags;
/** A module a brand may have switched off (server modules and web routes name theirs). */
export type ModuleFlag = ModuleKey;
export const MODULE_FLAGS: readonly ModuleFlag[] = ['points', 'coupon', 'priceProtection', 'report', 'resourceShare'];
/** The refusal of every endpoint of a module the brand has switched off. */
export const MODULE_OFF_TEXT = '该功能未开通';

/** A main-brand tile on the home page; it links to /parts/list?brand_name_zh=... */
export interface BrandTile {
  /** Chinese brand name, also the `brand_name_zh` filter and the `make_name` it matches. */
  name: string;
  /** Latin name shown small under the Chinese one. */
  latin: string;
}

export type MainBrandTiles =
  /** Cards 'specialised in {brand} parts' (one variant, two German brands). */
  | { kind: 'specialised'; brands: BrandTile[] }
  /** Tiles limited to the makes present in the profile's brand_grouping_lists. */
  | { kind: 'grouped'; brands: BrandTile[] }
  /** A fixed list of one or two brands. */
  | { kind: 'fixed'; brands: BrandTile[] };

export interface StockCaps {
  /** Stock above this shows '99+' in part rows. */
  row: number;
  /** Stock above this shows '99+' in the part detail. */
  detail: number;
}

export interface BrandVariant {
  key: BrandKey;
  /** Latin brand name, e.g. in the logo. */
  brand: string;
  /** Chinese short name: the 'my {brand}' menu and the multi-number brand prefix. */
  brandZh: string;
  /** Own-code prefix ('FR' in 'FR123-0001234'); a multi-number line starting with brandZh gets it instead. */
  ownCodePrefix: string;
  /** `source` header value sent with every request. */
  requestSource: string;
  companyName: string;
  filingNumber: string;
  servicePhone: string;
  /** Logo files under the web app's public folder. */
  logo: string;
  logoWhite: string;
  /** Prices in display order. */
  priceLabels: PriceLabel[];
  modules: ModuleFlags;
  /** A second warehouse (Beijing) for regional accounts, and the second default-address option. */
  beijingWarehouse: boolean;
  stockCaps: StockCaps;
  /** The is_view_stock gate ('tight' / 'normal' with a 'view stock' link). */
  viewStockGate: boolean;
  /** Price-protection badge by scm_classification on part rows. */
  priceProtectionBadge: boolean;
  /** Cart saves of coming-soon products carry is_coming_soon=1. */
  comingSoonCartFlag: boolean;
  /** Paths containing '/Shop.' are rewritten to '/Shopv2.' (VIN endpoints excepted). */
  pathRewrite: boolean;
  mainBrandTiles: MainBrandTiles;
  /** The address form asks for logistics_information (required). */
  addressLogistics: boolean;
  /** Pictures in the detail gallery. */
  galleryMaxPictures: number;
  /** A delisting product shows 'about to be delisted' instead of cart controls, no star. */
  delistingNotice: boolean;
  /** The attributes panel of the detail shows the description. */
  showAttributeDescription: boolean;
  /** Host serving product images (empty: same origin). */
  imageHost: string;
}

const GERMAN_BRITISH_SWEDISH: BrandTile[] = [
  { name: '奔驰', latin: 'Mercedes-Benz' },
  { name: '宝马', latin: 'BMW' },
  { name: '奥迪', latin: 'Audi' },
  { name: '路虎', latin: 'Land Rover' },
  { name: '沃尔沃', latin: 'Volvo' },
];

const ALL_MODULES: ModuleFlags = {
  points: true,
  coupon: true,
  priceProtection: true,
  report: true,
  resourceShare: true,
};

/** What the three brands other than the main one share (spec.md section 6: stock caps, no badge …). */
const SECONDARY_BRAND = {
  beijingWarehouse: false,
  stockCaps: { row: 70, detail: 100 },
  viewStockGate: false,
  priceProtectionBadge: false,
  comingSoonCartFlag: false,
  pathRewrite: true,
  imageHost: '',
} satisfies Partial<BrandVariant>;

function label(key: string, text: string, shareholderOnly = false): PriceLabel {
  return { key, label: text, shareholderOnly };
}

export const BRAND_VARIANTS: Record<BrandKey, BrandVariant> = {
  frey: {
    key: 'frey',
    brand: 'FREY',
    brandZh: '福瑞',
    ownCodePrefix: 'FR',
    requestSource: 'frey_pc',
    companyName: '广州福瑞汽车配件有限公司',
    filingNumber: '粤ICP备2021034561号-1',
    servicePhone: '400-830-1888',
    logo: '/brand/frey-logo.svg',
    logoWhite: '/brand/frey-logo-white.svg',
    priceLabels: [
      label('dealer_price', '经销价', true),
      label('xianghe_price', '香河仓价'),
      label('qpl_price', '汽配龙价'),
      label('retail_price', '建议零售价'),
      label('s4_price', '4S店价'),
    ],
    modules: ALL_MODULES,
    beijingWarehouse: true,
    stockCaps: { row: 100, detail: 100 },
    viewStockGate: true,
    priceProtectionBadge: true,
    comingSoonCartFlag: true,
    pathRewrite: false,
    mainBrandTiles: { kind: 'grouped', brands: GERMAN_BRITISH_SWEDISH },
    addressLogistics: false,
    galleryMaxPictures: 4,
    delistingNotice: false,
    showAttributeDescription: false,
    imageHost: '',
  },
  eurox: {
    key: 'eurox',
    brand: 'EUROX',
    brandZh: '欧驰',
    ownCodePrefix: 'EX',
    requestSource: 'eurox_pc',
    companyName: '上海欧驰汽配科技有限公司',
    filingNumber: '沪ICP备2020017342号-2',
    servicePhone: '400-670-2266',
    logo: '/brand/eurox-logo.svg',
    logoWhite: '/brand/eurox-logo-white.svg',
    priceLabels: [
      label('dealer_price', '经销价', true),
      label('city_tax_price', '地级市含税价'),
      label('suggest_price', '建议销售价'),
      label('purchase_price', '采购价', true),
      label('terminal_price', '终端指导价'),
    ],
    ...SECONDARY_BRAND,
    modules: { points: true, coupon: true, priceProtection: false, report: false, resourceShare: true },
    beijingWarehouse: true,
    mainBrandTiles: {
      kind: 'specialised',
      brands: [
        { name: '奔驰', latin: 'Mercedes-Benz' },
        { name: '宝马', latin: 'BMW' },
      ],
    },
    addressLogistics: false,
    galleryMaxPictures: 8,
    delistingNotice: false,
    showAttributeDescription: false,
  },
  autoline: {
    key: 'autoline',
    brand: 'AUTOLINE',
    brandZh: '奥链',
    ownCodePrefix: 'AL',
    requestSource: 'autoline_pc',
    companyName: '深圳奥链汽车零部件有限公司',
    filingNumber: '粤ICP备2019088215号-1',
    servicePhone: '400-155-3399',
    logo: '/brand/autoline-logo.svg',
    logoWhite: '/brand/autoline-logo-white.svg',
    priceLabels: [
      label('dealer_price', '经销价', true),
      label('city_tax_price', '地级市含税价'),
      label('suggest_price', '建议销售价'),
    ],
    ...SECONDARY_BRAND,
    modules: { points: false, coupon: true, priceProtection: false, report: true, resourceShare: false },
    mainBrandTiles: { kind: 'fixed', brands: [{ name: '大众', latin: 'Volkswagen' }] },
    addressLogistics: true,
    galleryMaxPictures: 4,
    delistingNotice: false,
    showAttributeDescription: true,
  },
  partsky: {
    key: 'partsky',
    brand: 'PARTSKY',
    brandZh: '配天',
    ownCodePrefix: 'PS',
    requestSource: 'partsky_pc',
    companyName: '北京配天汽配有限公司',
    filingNumber: '京ICP备2022015907号-1',
    servicePhone: '400-920-6677',
    logo: '/brand/partsky-logo.svg',
    logoWhite: '/brand/partsky-logo-white.svg',
    priceLabels: [
      label('dealer_price', '经销商价', true),
      label('warehouse_price', '仓库价'),
      label('peer_price', '同行价'),
      label('suggest_price', '建议销售价'),
      label('distributor_price', '分销价'),
    ],
    ...SECONDARY_BRAND,
    modules: { points: false, coupon: false, priceProtection: false, report: false, resourceShare: false },
    mainBrandTiles: {
      kind: 'fixed',
      brands: [
        { name: '丰田', latin: 'Toyota' },
        { name: '本田', latin: 'Honda' },
      ],
    },
    addressLogistics: false,
    galleryMaxPictures: 4,
    delistingNotice: true,
    showAttributeDescription: false,
  },
};

export function isBrandKey(value: string): value is BrandKey {
  return (BRAND_KEYS as readonly string[]).includes(value);
}

export function getBrandVariant(key: BrandKey): BrandVariant {
  return BRAND_VARIANTS[key];
}

/** Every price key any variant uses (the demo generator fills these). */
export const ALL_PRICE_KEYS: readonly string[] = [
  ...new Set(Object.values(BRAND_VARIANTS).flatMap((v) => v.priceLabels.map((l) => l.key))),
];

/** 'VIN endpoints' keep their '/Shop.' path under the path rewrite. */
export function rewriteApiPath(variant: BrandVariant, path: string): string {
  if (!variant.pathRewrite || /\/Shop\.Vin\//.test(path)) return path;
  return path.replace('/Shop.', '/Shopv2.');
}

/**
 * Whether the variant has the module (no flag: always). The one reading of the variant table's
 * `modules`: the server answers MODULE_OFF_TEXT on every endpoint of a module that is off, the web
 * app drops its routes and nav entries.
 */
export function moduleEnabled(variant: BrandVariant, flag: ModuleFlag | null | undefined): boolean {
  return flag == null || variant.modules[flag];
}

/** Points mall and partner report nav entries (spec.md section 6). */
export function canSeeModuleNav(variant: BrandVariant, module: 'points' | 'report', isMain: boolean): boolean {
  return isMain && moduleEnabled(variant, module);
}

/** Regional accounts get the Beijing warehouse, only in variants that have it. */
export function beijingWarehouseEnabled(variant: BrandVariant, isRegionalWarehouse: number | boolean): boolean {
  return variant.beijingWarehouse && Number(isRegionalWarehouse) === 1;
}

/**
 * The main-brand tiles to show. For the 'grouped' kind only brands present in the profile's
 * brand_grouping_lists (matched by make_name) are kept.
 */
export function visibleBrandTiles(variant: BrandVariant, brandGroupingLists: { make_name: string }[]): BrandTile[] {
  const tiles = variant.mainBrandTiles;
  if (tiles.kind !== 'grouped') return tiles.brands;
  const makes = new Set(brandGroupingLists.map((b) => b.make_name));
  return tiles.brands.filter((b) => makes.has(b.name));
}
