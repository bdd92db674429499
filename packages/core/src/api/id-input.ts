import { z } from 'zod';
import { ID_MAX } from '../constants';

/**
 * A database id in a request: a positive whole number up to ID_MAX, also sent as a numeric
 * string; anything else is refused with `message` (the caller's Chinese text).
 */
export function idInput(message: string) {
  return z.coerce.number({ error: message }).int(message).positive(message).max(ID_MAX, message);
}
