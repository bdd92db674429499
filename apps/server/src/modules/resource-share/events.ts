/**
 * What the resource-share module publishes (through ctx.transaction's emit): staff took a shared
 * entry down. The message centre tells the account that shared it, with the staff's reason.
 */
export interface ResourceShareTakenDownEvent {
  type: 'resource_share.taken_down';
  companyId: number;
  /** The account that published the entry. */
  accountId: number;
  shareId: number;
  number: string;
  name: string;
  reason: string;
}
