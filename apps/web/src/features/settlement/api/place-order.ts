import { useMutation } from '@tanstack/react-query';
import type { AddOrderRequest, AddOrderResponse } from '@shop/core/api/orders';
import { request } from '../../../lib/api-client';

/** POST /api/Shop.Order/add; answers data and the server's msg ('下单成功', or short of stock). */
export async function placeOrder(body: AddOrderRequest): Promise<{ data: AddOrderResponse; msg: string }> {
  const envelope = await request<AddOrderResponse>('POST', '/api/Shop.Order/add', { body });
  return { data: envelope.data, msg: envelope.msg };
}

export function usePlaceOrder() {
  return useMutation({ mutationFn: placeOrder });
}

/** One key per visit of the settlement page: a retried or double submit returns the first order. */
export function newIdempotencyKey(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `settle-${random}`;
}
