/**
 * What the feedback module publishes (through ctx.transaction's emit): a staff reply to a
 * dealer's feedback. The message centre turns it into the account's message.
 */
export interface FeedbackRepliedEvent {
  type: 'feedback.replied';
  companyId: number;
  /** The account that sent the feedback. */
  accountId: number;
  feedbackId: number;
  reply: string;
}
