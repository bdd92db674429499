import { BRAND_VARIANTS, DEFAULT_BRAND, isBrandKey, moduleEnabled, type BrandVariant } from '@shop/core/brand-variants';
import type { ModuleFlag } from '@shop/core/brand-variants';

declare global {
  interface Window {
    /** Injected into index.html by the server (BRAND, plugins/admin-web.ts), as for the shop. */
    __SHOP_VARIANT__?: BrandVariant;
  }
}

/**
 * The brand variant the back office serves: the server writes it into /admin/'s index.html
 * (the same script as the shop's), so the menu and the routes know which modules the brand has.
 * The Vite dev server (port 5174) has none and takes VITE_BRAND or the default brand.
 */
export function brandVariant(): BrandVariant {
  if (window.__SHOP_VARIANT__) return window.__SHOP_VARIANT__;
  const key = import.meta.env.VITE_BRAND as string | undefined;
  return BRAND_VARIANTS[key && isBrandKey(key) ? key : DEFAULT_BRAND];
}

/** Whether the brand has the module (a screen without one is always there). */
export function brandHas(module: ModuleFlag | undefined, variant: BrandVariant = brandVariant()): boolean {
  return module === undefined || moduleEnabled(variant, module);
}
