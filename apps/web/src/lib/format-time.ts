/**
 * A time from the server as 'YYYY-MM-DD HH:mm' in China time: an ISO time (with its zone) is
 * converted; a China-time text ('YYYY-MM-DD HH:mm:ss') is cut to the minute.
 */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '';
  if (!/[TZ+]/.test(value.slice(10))) return value.slice(0, 16);
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return value;
  const china = new Date(at.getTime() + 8 * 3600_000);
  return china.toISOString().slice(0, 16).replace('T', ' ');
}
