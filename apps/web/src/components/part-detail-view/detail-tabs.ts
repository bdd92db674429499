import type { ProductDetail } from '@shop/core/api/parts';

/** The tabs of the part detail (spec.md section 2, 'Part detail'), in display order. */
export const DETAIL_TABS = ['advantage', 'info', 'vehicles', 'numbers', 'purchase', 'questions', 'video'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

export const DETAIL_TAB_LABELS: Record<DetailTab, string> = {
  advantage: '产品优势',
  info: '配件信息',
  vehicles: '适用车型',
  numbers: '通用/替换号',
  purchase: '购买记录',
  questions: '相关问题',
  video: '相关视频',
};

/** A carousel counts when it exists and has something to show. */
export function hasAdvantage(detail: Pick<ProductDetail, 'product_carousel'>): boolean {
  const carousel = detail.product_carousel;
  return !!carousel && (carousel.items.length > 0 || carousel.description.trim() !== '');
}

/** The purchase-record tab is for purchase accounts and main accounts (spec.md section 6). */
export function canSeePurchaseRecords(profile: { is_main: number; is_purchase: number } | undefined): boolean {
  return !!profile && (Number(profile.is_main) === 1 || Number(profile.is_purchase) === 1);
}

export function availableTabs(
  detail: Pick<ProductDetail, 'product_carousel'>,
  profile: { is_main: number; is_purchase: number } | undefined,
): DetailTab[] {
  return DETAIL_TABS.filter((tab) => {
    if (tab === 'advantage') return hasAdvantage(detail);
    if (tab === 'purchase') return canSeePurchaseRecords(profile);
    return true;
  });
}

/** '#video', 'questions', '#advantage' ... → the tab, when it is one. */
export function tabFromHash(hash: string | null | undefined): DetailTab | undefined {
  const key = (hash ?? '').replace(/^#/, '').trim();
  return (DETAIL_TABS as readonly string[]).includes(key) ? (key as DetailTab) : undefined;
}

/**
 * The tab that opens first (spec.md section 4, 'Detail tab'): a requested tab that the part
 * has, else 'advantage' when a carousel exists, else 'info'.
 */
export function defaultTab(available: readonly DetailTab[], requested?: DetailTab): DetailTab {
  if (requested && available.includes(requested)) return requested;
  return available.includes('advantage') ? 'advantage' : 'info';
}
