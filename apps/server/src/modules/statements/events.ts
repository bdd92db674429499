import type { DomainEvent } from '../../lib/events';

/** The statements module's events (published after commit; subscribers.ts turns them into messages). */
export interface OrderApprovedEvent extends DomainEvent {
  type: 'order.approved';
  companyId: number;
  accountId: number;
  orderId: number;
  ordersNo: string;
  note: string;
}
export interface StatementsBuiltEvent extends DomainEvent {
  type: 'statements.built';
  month: string;
}
export interface DisputeRepliedEvent extends DomainEvent {
  type: 'statement.dispute_replied';
  companyId: number;
  accountId: number;
  statementId: number;
  month: string;
  reply: string;
}
