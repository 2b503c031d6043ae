// Console writes made once (docs/decisions/0041-console-writes-once.md); its table's SQL is in requestKeyRepo.ts.
// The console sends an Idempotency-Key with every write; the first request with a key takes its
// row (an insert that a second one cannot also win), runs, and leaves its answer there. A second
// request with the same key — a double click that got past the disabled button, a retry after a
// timeout, the same form in another tab — waits for the first and is given the same answer, so the
// write happens once. A failed first request gives its key back: nothing was written, and the
// operator's corrected retry runs.
//
// The kept answer is sealed with the personal-data key (lib/personalData): some answers are what
// the operator asked to see — a holder's mobile or ID number revealed, card passwords taken, a TOTP
// secret being enrolled — and a day of them in plain text would be a copy of exactly what the rest
// of the database keeps sealed.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Code } from '@portal/contract/codes';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { PersonalDataSealer } from '../../../lib/personalData';
import { deleteKeysBefore, finishKey, giveKeyBack, keyRow, takeKey, type KeyClaim } from './requestKeyRepo';

/** How long a key is remembered: a retry comes within minutes, never a day later. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** A first request still running after this long is not waited for any more: the second is told. */
const WAIT_MS = 15_000;
const POLL_MS = 50;
/** A key's text: what the console makes (a UUID), and nothing a log or SQL could trip on. */
const KEY_RE = /^[A-Za-z0-9_-]{8,64}$/;

export interface Replay {
  status: number;
  answer: unknown;
}

export function bodyHash(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex');
}

/** The request's key, checked; null when the caller sent none (a tool, not the console). */
export function keyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_RE.test(key)) throw new AppError(Code.BAD_REQUEST, '请求编号有误，请刷新页面后重试');
  return key;
}

/**
 * Runs `write` once per key. Answers the first request's answer to every request with the key;
 * refuses a key used for another endpoint or another content.
 */
export async function once(db: Executor, sealer: PersonalDataSealer, c: KeyClaim, write: () => Promise<Replay>): Promise<Replay> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    if (await takeKey(db, c, clock.iso())) break;
    const row = await keyRow(db, c);
    // given back by a failed first request between our insert and this read: take it again
    if (!row) continue;
    if (row.endpoint !== c.endpoint || row.body_hash !== c.bodyHash)
      throw new AppError(Code.REQUEST_ID_REUSED, '该请求编号已用于其他操作，请刷新页面后重试');
    if (row.state === 'done') return { status: row.status_code, answer: JSON.parse(sealer.open(row.answer)) as unknown };
    if (Date.now() > deadline) throw new AppError(Code.REQUEST_IN_PROGRESS);
    await sleep(POLL_MS);
  }
  let done: Replay;
  try {
    done = await write();
  } catch (err) {
    await giveKeyBack(db, c).catch(() => undefined);
    throw err;
  }
  await finishKey(db, c, done.status, sealer.seal(JSON.stringify(done.answer ?? null)));
  return done;
}

/**
 * Deletes a batch of about `limit` keys older than a day — a retry comes within minutes, never a day later; the
 * number deleted. The clean-up job (modules/auth/cleanupJob.ts) calls it, beside sessions and
 * throttles, so no console write pays for the sweep.
 */
export async function deleteStaleRequestKeys(db: Executor, limit: number): Promise<number> {
  return deleteKeysBefore(db, clock.isoIn(-KEPT_MS), limit);
}
