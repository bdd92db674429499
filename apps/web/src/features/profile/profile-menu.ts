import type { BrandVariant, ModuleKey } from '@shop/core/brand-variants';
import type { UnreadStatus } from '@shop/core/api/messages';
import type { UserProfile } from '@shop/core/api/user';
import { hasRoute } from '../../lib/route-registry';

/**
 * The side menu of the account centre (spec.md section 2, the /profile/* routes), grouped. An
 * entry is shown only when its page is in the route table and, for the switchable modules
 * (spec.md sections 1 and 9), when the brand variant has the module on; points are for main
 * accounts only, as the points mall is (spec.md section 6), and so are gift orders (decision 0049).
 */
export interface ProfileMenuEntry {
  label: string;
  path: string;
  /** Shown only when the variant has this module on. */
  module?: ModuleKey;
  /** Shown only to main accounts (is_main 1). */
  mainOnly?: boolean;
  /** The field of Shop.Message/unreadStatus whose 1 puts a dot on the entry. */
  unread?: keyof UnreadStatus;
}

export interface ProfileMenuGroup {
  title: string;
  entries: ProfileMenuEntry[];
}

export const PROFILE_MENU: readonly ProfileMenuGroup[] = [
  {
    title: '订单中心',
    entries: [
      { label: '我的订单', path: '/profile/myorder' },
      { label: '退货单', path: '/profile/return_orders' },
      { label: '我的赠品', path: '/profile/my_gift', module: 'points', mainOnly: true },
    ],
  },
  {
    title: '账户管理',
    entries: [
      { label: '个人信息', path: '/profile/account' },
      { label: '子账号管理', path: '/profile/sub_accounts', mainOnly: true },
      { label: '收货地址', path: '/profile/address' },
      { label: '我的积分', path: '/profile/points', module: 'points', mainOnly: true },
      { label: '优惠券', path: '/profile/coupon', module: 'coupon' },
      { label: '对账单', path: '/profile/bill' },
    ],
  },
  {
    title: '价格服务',
    entries: [
      { label: '价格保护', path: '/profile/price_protection', module: 'priceProtection' },
      { label: '调价记录', path: '/profile/price_adjustment_record', module: 'priceProtection' },
    ],
  },
  {
    title: '我的服务',
    entries: [
      { label: '我的收藏', path: '/profile/collection' },
      { label: '浏览记录', path: '/profile/browsing_history' },
      { label: '我要开发', path: '/profile/product_develop', unread: 'development_has_unread' },
      { label: '意见反馈', path: '/profile/feedback', unread: 'feedback_has_unread' },
      { label: '学习中心', path: '/profile/study_centre' },
      { label: '消息中心', path: '/profile/system_msg' },
    ],
  },
];

export interface ProfileMenuContext {
  variant: BrandVariant;
  user: UserProfile | undefined;
}

export function isProfileEntryShown(entry: ProfileMenuEntry, { variant, user }: ProfileMenuContext): boolean {
  if (!hasRoute(entry.path)) return false;
  if (entry.module && !variant.modules[entry.module]) return false;
  if (entry.mainOnly && user?.is_main !== 1) return false;
  return true;
}

/** The groups with their shown entries; a group with none is left out. */
export function shownProfileMenu(ctx: ProfileMenuContext): ProfileMenuGroup[] {
  return PROFILE_MENU.map((group) => ({
    title: group.title,
    entries: group.entries.filter((entry) => isProfileEntryShown(entry, ctx)),
  })).filter((group) => group.entries.length > 0);
}

/** Where /profile leads: the account page once it exists, else the first shown entry. */
export function profileHomePath(ctx: ProfileMenuContext): string | undefined {
  const menu = shownProfileMenu(ctx).flatMap((group) => group.entries);
  return (menu.find((entry) => entry.path === '/profile/account') ?? menu[0])?.path;
}

/** The entry a path belongs to: '/profile/myorder/detail' and '/profile/return_orders_detail' included. */
export function activeProfileEntry(pathname: string): ProfileMenuEntry | undefined {
  const all = PROFILE_MENU.flatMap((group) => group.entries);
  return (
    all.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`)) ??
    all.find((entry) => pathname.startsWith(`${entry.path}_`))
  );
}
