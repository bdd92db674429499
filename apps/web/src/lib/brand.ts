import { BRAND_VARIANTS, DEFAULT_BRAND, isBrandKey, type BrandVariant } from '@shop/core/brand-variants';

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
