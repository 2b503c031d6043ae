// Display formatting shared by client and server. The client formats, never computes, prices.

/** Amounts show 2 decimals (docs/spec/portal-spec.md §5). */
export function formatYuan(yuan: number): string {
  return (Math.round(yuan * 100) / 100).toFixed(2);
}

/** Integer fen (server-side storage) to yuan for the wire. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** Yuan from the wire to integer fen; rejects more than 2 decimals by returning null. */
export function yuanToFen(yuan: number): number | null {
  if (!Number.isFinite(yuan)) return null;
  const fen = Math.round(yuan * 100);
  if (Math.abs(fen - yuan * 100) > 1e-6) return null;
  return fen;
}

const ZERO_DATE = /^0001-01-01/;

/** True for "", null, undefined and the legacy zero date 0001-01-01…. */
export function isEmptyDate(value: string | null | undefined): boolean {
  return !value || ZERO_DATE.test(value);
}

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** Parts of a moment in China time (Asia/Shanghai has no DST, so a fixed +8 is exact). */
export function shanghaiParts(d: Date) {
  const t = new Date(d.getTime() + SHANGHAI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`,
    time: `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`,
    seconds: pad(t.getUTCSeconds()),
  };
}

/** YYYY-MM-DD in China time; "-" for an empty or zero date. Business dates are China time. */
export function formatDate(value: string | null | undefined): string {
  if (isEmptyDate(value)) return '-';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value!)) return value!;
  const d = new Date(value!);
  if (Number.isNaN(d.getTime())) return '-';
  return shanghaiParts(d).date;
}

/** YYYY-MM-DD HH:mm in China time; "-" for an empty or zero date. */
export function formatDateTime(value: string | null | undefined): string {
  if (isEmptyDate(value)) return '-';
  const d = new Date(value!);
  if (Number.isNaN(d.getTime())) return '-';
  const p = shanghaiParts(d);
  return `${p.date} ${p.time}`;
}

/** Today's date (YYYY-MM-DD) in China time. */
export function chinaDate(now: Date = new Date()): string {
  return shanghaiParts(now).date;
}

/** Human data volume from integer KB: "512KB", "1.50MB", "2.00GB". */
export function formatKb(kb: number): string {
  if (!Number.isFinite(kb) || kb <= 0) return '0MB';
  if (kb < 1024) return `${Math.round(kb)}KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${mb.toFixed(2)}MB`;
  return `${(mb / 1024).toFixed(2)}GB`;
}

/** 138****8000 */
export function maskMobile(mobile: string): string {
  return /^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile;
}

/** The instant a China-time month starts, `monthsAhead` months after the month of `now`. */
export function chinaMonthStart(now: Date = new Date(), monthsAhead = 0): Date {
  const t = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + monthsAhead, 1) - SHANGHAI_OFFSET_MS);
}

/** "1000 0000 01": a card number grouped by four, as every page prints it (copying keeps it whole). */
export function groupCardNumber(num: string): string {
  return num.replace(/(\d{4})(?=\d)/g, '$1 ');
}
