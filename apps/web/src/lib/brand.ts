import { BRAND_VARIANTS, DEFAULT_BRAND, isBrandKey, type BrandKey, type BrandVariant } from '@shop/core/brand-variants';

declare global {
  interface Window {
    /** Injected into index.html by the server (BRAND), so one build serves every brand. */
    __SHOP_VARIANT__?: BrandVariant;
  }
}

function devFallback(): BrandVariant {
  const key = import.meta.env.VITE_BRAND as string | undefined;
  return BRAND_VARIANTS[key && isBrandKey(key) ? key : DEFAULT_BRAND];
}

/** The brand variant this page serves. */
export const variant: BrandVariant = window.__SHOP_VARIANT__ ?? devFallback();

/** The shop's name, e.g. '福瑞汽配商城'. */
export const shopName = `${variant.brandZh}汽配商城`;

/** The document title of a page: '首页 - 福瑞汽配商城'. */
export function pageTitle(title?: string): string {
  return title ? `${title} - ${shopName}` : shopName;
}

/**
 * Each brand's accent colour (presentation only, so it lives in the web app; it matches the
 * brand's logo under public/brand).
 */
const BRAND_COLORS: Record<BrandKey, string> = {
  frey: '#d7261e',
  eurox: '#1456c8',
  autoline: '#0b8a5c',
  partsky: '#e0620d',
};

export const brandColor: string = BRAND_COLORS[variant.key] ?? BRAND_COLORS[DEFAULT_BRAND];

/** The public-account QR code of the brand (generated with the qrcode package, public/brand). */
export const publicAccountQr = `/brand/${variant.key}-qrcode.svg`;
