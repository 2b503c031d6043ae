// Display formats of the console: China time, yuan from fen, data volumes from KB.
const TIME = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

export function chinaTime(iso: string | null | undefined): string {
  return iso ? TIME.format(new Date(iso)).replace(/\//g, '-') : '—';
}

/** ¥1,234.50; a negative amount as -¥1.60 (the sign before the currency, as finance writes it). */
export function yuan(fen: number): string {
  const text = (Math.abs(fen) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return fen < 0 ? `-¥${text}` : `¥${text}`;
}

export function dataSize(kb: number): string {
  if (kb >= 1024 * 1024) return `${(kb / 1024 / 1024).toFixed(2)} GB`;
  if (kb >= 1024) return `${(kb / 1024).toFixed(1)} MB`;
  return `${kb} KB`;
}

/** How long ago, in words: 3 天 / 5 小时 / 12 分钟. */
export function ageOf(iso: string | null, now = Date.now()): string {
  if (!iso) return '—';
  const min = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (min >= 1440) return `${Math.floor(min / 1440)} 天`;
  if (min >= 60) return `${Math.floor(min / 60)} 小时`;
  return `${min} 分钟`;
}
