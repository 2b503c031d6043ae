// The 在线咨询 thread as the page shows it (docs/decisions/0034), table-tested in thread.test.ts:
// messages merged from the first load, the live stream and the page's own sends (each once, in id
// order), the time labels between them, and where the unread ones start.
import type { ChatMessage } from '@portal/contract';

/** Adds messages to a thread: one per id (a stream's repeat, a send's answer), in id order. */
export function mergeMessages(thread: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  if (more.length === 0) return thread as ChatMessage[];
  const byId = new Map(thread.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The newest message id of a thread (0 none): where a new stream resumes. */
export const lastIdOf = (thread: readonly ChatMessage[]) => thread.reduce((top, m) => Math.max(top, m.id), 0);

/** A time label goes above a message that comes this long after the one before (and above the first). */
export const TIME_GAP_MS = 5 * 60_000;

const CHINA_MS = 8 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A message's time in China: 14:05 today, 昨天 14:05, 11-24 14:05 this year, 2025-11-24 14:05 before. */
export function chatTimeLabel(iso: string, now: Date): string {
  const at = new Date(new Date(iso).getTime() + CHINA_MS);
  const today = new Date(now.getTime() + CHINA_MS);
  const hm = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  const day = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const days = Math.round((day(today) - day(at)) / 86_400_000);
  if (days === 0) return hm;
  if (days === 1) return `昨天 ${hm}`;
  const md = `${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  return at.getUTCFullYear() === today.getUTCFullYear() ? `${md} ${hm}` : `${at.getUTCFullYear()}-${md} ${hm}`;
}

/** Which messages carry a time label above them. */
export function timeLabelled(thread: readonly ChatMessage[]): Set<number> {
  const out = new Set<number>();
  let before = -Infinity;
  for (const m of thread) {
    const t = new Date(m.at).getTime();
    if (t - before >= TIME_GAP_MS) out.add(m.id);
    before = t;
  }
  return out;
}

/** The first of support's messages the holder had not read when the page opened (the 以下为新消息 line), or null. */
export function firstUnreadId(thread: readonly ChatMessage[]): number | null {
  return thread.find((m) => m.from === 'support' && !m.read)?.id ?? null;
}

/** A message's id of the page's own (a double tap sends the same id; the server stores it once). */
export function newClientId(random: () => string = () => crypto.randomUUID()): string {
  try {
    return random()
      .replace(/[^A-Za-z0-9_-]/g, '')
      .slice(0, 64)
      .padEnd(8, '0');
  } catch {
    // crypto.randomUUID needs a secure context (https or localhost)
    return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  }
}

/** How long to wait before opening a stream again after the n-th failure in a row: 1 s doubling to 30 s. */
export const reconnectDelayMs = (failures: number) => Math.min(30_000, 1_000 * 2 ** Math.max(0, failures - 1));
