import { DEFAULT_BRAND, getBrandVariant, type BrandVariant } from '@shop/core/brand-variants';
import type { Db } from './db/client';
import { EventDispatcher, type DispatcherOptions } from './lib/events';
import { MODULES } from './modules';
import { moduleSubscribers } from './platform/module';

/**
 * The dispatcher of this process with the subscribers of every module the brand has (each module
 * declares its own in its module.ts; the default brand has every module).
 */
export function createEventDispatcher(
  db: Db,
  options: DispatcherOptions = {},
  variant: BrandVariant = getBrandVariant(DEFAULT_BRAND),
): EventDispatcher {
  return new EventDispatcher(db, moduleSubscribers(MODULES, variant), { variant, ...options });
}
