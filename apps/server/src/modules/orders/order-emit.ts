import type { OrderEvent } from './notifications';

/**
 * The `emit` of a request context's transaction (platform/request-context.ts) as the order
 * services use it: only order events, checked field by field.
 */
export type OrderEmit = (...events: OrderEvent[]) => void;
