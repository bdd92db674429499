import { moduleEnabled, type BrandVariant, type ModuleFlag } from '@shop/core/brand-variants';
import type { UserProfile } from '@shop/core/api/user';
import { opensActivityZone } from '@shop/core/account-rights';
import { hasRoute } from '../../lib/route-registry';

/**
 * Every link of the header, hover menu, main nav, footer and side bar, in one list. A link is
 * shown only when its route is in the route table (so nothing links to a screen a later issue
 * has not added yet, nor to a module the brand has off: routesForVariant), its `module` is on
 * in the variant (core's moduleEnabled, the server's rule too), `mainOnly` links only to main
 * accounts, and its own rule (spec.md sections 2 and 6) allows it.
 */
export interface LinkContext {
  variant: BrandVariant;
  user: UserProfile | undefined;
}

export interface ShopLink {
  label: string;
  path: string;
  /** Where the link leads while `path` does not exist yet. */
  fallback?: string;
  /** The module the link belongs to: hidden where the brand has it off. */
  module?: ModuleFlag;
  /** Only for the company's main account. */
  mainOnly?: boolean;
  visible?: (ctx: LinkContext) => boolean;
}

export const SHOP_LINKS = {
  home: { label: '首页', path: '/home' },
  parts: { label: '配件', path: '/parts/list' },
  stock: { label: '到货通知', path: '/parts/stock' },
  marketing: { label: '今日营销', path: '/parts/marketing' },
  pointsMall: {
    label: '积分商城',
    path: '/parts/points_mall',
    module: 'points',
    mainOnly: true,
  },
  report: {
    label: '合伙人报表',
    path: '/parts/report',
    module: 'report',
    mainOnly: true,
  },
  activity: {
    label: '活动专区',
    path: '/parts/activity',
    module: 'coupon',
    visible: ({ user }) => opensActivityZone(user),
  },
  resourceShare: { label: '资源共享', path: '/parts/resource_share', module: 'resourceShare' },
  mallOrders: { label: '商城订单', path: '/profile/myorder' },
  myOrders: { label: '我的订单', path: '/profile/myorder' },
  personalCentre: { label: '个人中心', path: '/profile' },
  favourites: { label: '我的收藏', path: '/profile/collection' },
  accountSettings: { label: '账户设置', path: '/profile/account' },
  addresses: { label: '地址管理', path: '/profile/address' },
  /** The phone in the header links to the account page, until it exists to the account centre. */
  account: { label: '个人信息', path: '/profile/account', fallback: '/profile' },
  accountInfo: { label: '账户信息', path: '/profile' },
  systemMessages: { label: '消息中心', path: '/profile/system_msg' },
} satisfies Record<string, ShopLink>;

export type ShopLinkKey = keyof typeof SHOP_LINKS;

/** The main nav, in order. */
export const MAIN_NAV: readonly ShopLinkKey[] = [
  'home',
  'parts',
  'stock',
  'marketing',
  'pointsMall',
  'report',
  'activity',
];

/** The 'my {brand}' hover menu. */
export const MY_MENU_GROUPS: readonly { title: string; links: readonly ShopLinkKey[] }[] = [
  { title: '订单', links: ['mallOrders'] },
  { title: '其他', links: ['personalCentre', 'favourites', 'accountSettings', 'addresses', 'resourceShare'] },
];

/** The path a link leads to: its own once that route exists, else its fallback's; undefined when neither does. */
export function linkPath(key: ShopLinkKey): string | undefined {
  const link: ShopLink = SHOP_LINKS[key];
  return [link.path, link.fallback].find((path): path is string => path !== undefined && hasRoute(path));
}

export function isLinkShown(key: ShopLinkKey, ctx: LinkContext): boolean {
  return isShopLinkShown(SHOP_LINKS[key], ctx);
}

/** The rule of isLinkShown for any link (also one a test or a later menu makes). */
export function isShopLinkShown(link: ShopLink, ctx: LinkContext): boolean {
  return (
    [link.path, link.fallback].some((path) => path !== undefined && hasRoute(path)) &&
    moduleEnabled(ctx.variant, link.module) &&
    (!link.mainOnly || ctx.user?.is_main === 1) &&
    (link.visible?.(ctx) ?? true)
  );
}

export function shownLinks(keys: readonly ShopLinkKey[], ctx: LinkContext): (ShopLink & { key: ShopLinkKey })[] {
  return keys
    .filter((key) => isLinkShown(key, ctx))
    .map((key) => ({ key, ...SHOP_LINKS[key], path: linkPath(key) ?? SHOP_LINKS[key].path }));
}
