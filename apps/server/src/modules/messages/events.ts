import type { DevelopmentRepliedEvent } from '../development/events';
import type { FeedbackRepliedEvent } from '../feedback/events';
import type { PriceAdjustedEvent } from '../prices-stock/events';
import type { QuestionAnswered } from '../questions/service';
import type { ResourceShareTakenDownEvent } from '../resource-share/events';

/**
 * The events the message centre turns into messages, besides the order events
 * (modules/orders/notifications.ts). Each names the company and, where one asked, the account.
 */
export type MessageEvent =
  /**
   * A part's available stock in a warehouse went from none to some (in any way: published by
   * the trigger on product_stocks, migration 0018), while someone waits for it.
   */
  | { type: 'stock.arrived'; productId: number; warehouseId: number; available: number }
  /** The staff answered a question about a part (modules/questions). */
  | QuestionAnswered
  /** The staff replied to a feedback (modules/feedback). */
  | FeedbackRepliedEvent
  /** The staff replied to a development request (modules/development). */
  | DevelopmentRepliedEvent
  /** The staff changed prices (modules/prices-stock, modules/erp-imports). */
  | PriceAdjustedEvent
  /** The staff took down an entry a dealer shared (modules/resource-share). */
  | ResourceShareTakenDownEvent;
