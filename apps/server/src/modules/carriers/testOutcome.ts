// 测试连接's outcome, kept for the save that follows it (docs/decisions/0071): a save of exactly the
// fields whose last test failed is refused unless it says it knows (confirm_failed_test), whoever
// sends it — the console asks first, an API client is told the same. Kept per account (null: a new
// one), platform kind, address and fields, as a keyed hash: the throttles table never holds a
// secret, nor a hash of one that could be looked up. A passing test of the same fields clears it;
// a form changed after the test is another set of fields, saved without the question.
import { createHmac, hkdfSync } from 'node:crypto';
import type { Executor } from '../../db/executor';
import { clear, hit, peek, type ThrottleRule } from '../../lib/throttle';

export interface TestedFields {
  /** the stored account tested; null for a new account's fields */
  account: number | null;
  kind: string;
  baseUrl: string;
  credentials: Record<string, string>;
}

/** How long a failed test is remembered: a save the next day is a new look at the fields. */
// a count, never a lock: the limit only has to stay out of reach (and inside PostgreSQL's integer)
const FAILED_TEST: ThrottleRule = { limit: 1_000_000, windowMs: 24 * 3_600_000 };

/** The mark's key: the same fields give the same key, in any order; any other field, address or account another. */
export function testedKey(secret: string, t: TestedFields): string {
  const key = Buffer.from(hkdfSync('sha256', secret, 'portal carrier connection test', 'fields v1', 32));
  const fields = Object.keys(t.credentials)
    .sort()
    .map((name) => [name, t.credentials[name]]);
  const digest = createHmac('sha256', key)
    .update(JSON.stringify([t.account, t.kind, t.baseUrl, fields]))
    .digest('hex');
  return `carrier-test-failed:${digest.slice(0, 40)}`;
}

/** Remember a test's outcome: a failure marks the fields, a pass clears them. */
export async function noteTest(db: Executor, key: string, ok: boolean): Promise<void> {
  if (ok) await clear(db, key);
  else await hit(db, key, FAILED_TEST);
}

/** Whether the last test of these fields failed (within the day). */
export async function lastTestFailed(db: Executor, key: string): Promise<boolean> {
  return (await peek(db, key, FAILED_TEST)) !== null;
}

/** The refusal of such a save, in words: what it means and the two ways on. */
export const FAILED_TEST_REFUSAL =
  '最近一次用这些字段测试连接未通过，保存后该账号将无法同步。请修改平台地址或账号字段后重新测试连接；' +
  '如确认字段无误（例如平台暂时不可用、IP 白名单尚未生效），请确认“仍然保存”后再提交';
