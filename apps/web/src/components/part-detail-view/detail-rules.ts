import type { ProductDetail } from '@shop/core/api/parts';
import { beijingWarehouseEnabled, type BrandVariant } from '@shop/core/brand-variants';

/** The gallery: the detail's pictures (pic, a list), blanks dropped, at most the variant's cap. */
export function galleryPictures(
  variant: Pick<BrandVariant, 'galleryMaxPictures'>,
  detail: Pick<ProductDetail, 'pic'>,
): string[] {
  return detail.pic.filter((path) => path !== '').slice(0, variant.galleryMaxPictures);
}

/** Beijing warehouse toggle: a regional account in a variant that has the warehouse. */
export function beijingEnabledFor(
  variant: BrandVariant,
  profile: { is_regional_warehouse: number } | undefined,
): boolean {
  return !!profile && beijingWarehouseEnabled(variant, profile.is_regional_warehouse);
}
