import { CONSTANTS } from '@shop/core/constants';

/** Cuts a vehicle model text to CONSTANTS.vehicleModelMaxChars characters, adding '...' when cut. */
export function truncateVehicleModel(text: string, max: number = CONSTANTS.vehicleModelMaxChars): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : chars.join('');
}

/** '¥123.40'; '--' when the amount is missing or not a number. */
export function formatPrice(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '--';
  const value = typeof amount === 'number' ? amount : Number(amount);
  return Number.isFinite(value) ? `¥${value.toFixed(2)}` : '--';
}
