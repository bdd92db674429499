/**
 * A part's prices were changed by the staff: by the price form (the part), by an import batch
 * applied or rolled back (the batch: its parts are those of its price_history rows). The message
 * centre tells the dealers concerned (modules/messages/subscribers.ts).
 */
export type PriceAdjustedEvent = {
  type: 'price.adjusted';
} & ({ productIds: number[] } | { batchId: number });

export function priceAdjusted(about: { productIds: number[] } | { batchId: number }): PriceAdjustedEvent {
  return { type: 'price.adjusted', ...about };
}
