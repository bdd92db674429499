/**
 * What the development module publishes (through ctx.transaction's emit): a staff reply to a
 * dealer's development request, or a change of its status (the reply then names the new status).
 * The message centre turns it into the asking account's message.
 */
export interface DevelopmentRepliedEvent {
  type: 'development.replied';
  companyId: number;
  /** The account that asked for the part. */
  accountId: number;
  requestId: number;
  partName: string;
  reply: string;
}
