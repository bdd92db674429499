import { z } from 'zod';
import { ID_MAX } from '../constants';

/**
 * A database id in a request: a positive whole number up to ID_MAX, also sent as a numeric
 * string; anything else is refused with `message` (the caller's Chinese text).
 */
export function idInput(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}

/**
 * An id written in an address or a form (digits only, no sign, space or exponent) when it is one
 * that idInput takes; else undefined. Both apps read the ids of their addresses with it.
 */
export function idOf(text: string | null | undefined): number | undefined {
  if (!text || !/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 && id <= ID_MAX ? id : undefined;
}
