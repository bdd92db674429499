import { sql, type SQL } from 'drizzle-orm';

/**
 * The shop's clock is China time: UTC+8 all year (no daylight saving). Times are shown, document
 * numbers dated and shop days counted in it.
 */
const CHINA_UTC_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

function shifted(at: Date): string {
  return new Date(at.getTime() + CHINA_UTC_OFFSET_MS).toISOString();
}

/** 'YYYY-MM-DD HH:mm:ss' in China time, as the shop shows times. */
export function chinaDateTime(at: Date): string {
  return shifted(at).slice(0, 19).replace('T', ' ');
}

/** A timestamp as a raw SQL row gives it (a Date, or its text) in China time. */
export function chinaDateTimeOf(v: unknown): string {
  return chinaDateTime(v instanceof Date ? v : new Date(String(v)));
}

/** The day ('2026-11-23') a moment falls on in China. */
export function chinaDay(at: Date): string {
  return shifted(at).slice(0, 10);
}

/** The moment a day in China starts. */
export function chinaDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - CHINA_UTC_OFFSET_MS);
}

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The day in China of a timestamptz column, in SQL. */
export function chinaDayOf(column: SQL): SQL {
  return sql`(${column} at time zone 'Asia/Shanghai')::date`;
}

/** The moment of a China time 'YYYY-MM-DD HH:mm:ss' (as the shop shows and staff type times). */
export function fromChinaDateTime(text: string): Date {
  return new Date(Date.parse(`${text.replace(' ', 'T')}Z`) - CHINA_UTC_OFFSET_MS);
}
