import type { ModuleDeclaration } from '../platform/module';
import address from './address/module';
import backOffice from './back-office/module';
import browsingHistory from './browsing-history/module';
import bulkSearch from './bulk-search/module';
import cart from './cart/module';
import development from './development/module';
import erpImports from './erp-imports/module';
import catalog from './catalog/module';
import catalogAdmin from './catalog-admin/module';
import dealers from './dealers/module';
import content from './content/module';
import coupon from './coupon/module';
import learning from './learning/module';
import posters from './posters/module';
import dashboard from './dashboard/module';
import favourites from './favourites/module';
import feedback from './feedback/module';
import home from './home/module';
import hotLists from './hot-lists/module';
import media from './media/module';
import messages from './messages/module';
import newArrival from './new-arrival/module';
import orders from './orders/module';
import parts from './parts/module';
import points from './points/module';
import priceProtection from './price-protection/module';
import pricesStock from './prices-stock/module';
import report from './report/module';
import resourceShare from './resource-share/module';
import questions from './questions/module';
import search from './search/module';
import service from './service/module';
import staff from './staff/module';
import statements from './statements/module';
import stockArrivals from './stock-arrivals/module';
import unreadStatus from './unread-status/module';
import user from './user/module';
import videos from './videos/module';
import vin from './vin/module';
import uploads from '../uploads/module';

/** Every module of the shop, in registration order (app.ts registers them, server.ts starts their jobs). */
export const MODULES: readonly ModuleDeclaration[] = [
  user,
  feedback,
  development,
  unreadStatus,
  home,
  newArrival,
  parts,
  favourites,
  cart,
  address,
  orders,
  questions,
  messages,
  browsingHistory,
  stockArrivals,
  videos,
  catalog,
  hotLists,
  search,
  bulkSearch,
  vin,
  media,
  uploads,
  staff,
  backOffice,
  catalogAdmin,
  dealers,
  content,
  dashboard,
  service,
  pricesStock,
  erpImports,
  points,
  coupon,
  priceProtection,
  statements,
  learning,
  posters,
  report,
  resourceShare,
];
