// Events move the line. A paid package, refuel, upgrade or recharge that fixes what stopped a line
// marks the card for a resume in the payment's own transaction (so a crash after the commit cannot
// lose it), and the carrier is asked once the money has landed; the restore job asks again for any
// line the carrier has not put back yet. Pages meanwhile say 正在恢复 (the read model's `restoring`).
import { PackageType } from '@portal/contract/enums';
import { restoresToday, type LineView } from '@portal/domain/line';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { JobDef } from '../../jobs';
import { clock } from '../../lib/clock';
import { clear, hit } from '../../lib/throttle';
import { cardRecord } from '../cardRecord';
import { lineOf } from './service';

/** What a paid order delivers, as far as the line cares. */
export type Delivery =
  | { kind: 'package'; packageType: number }
  | { kind: 'upgrade' }
  | { kind: 'recharge'; balanceAfterFen: number }
  | { kind: 'other' };

/**
 * Called by commerce's fulfil with the line as it was BEFORE the delivery (read in the same
 * transaction) and what was delivered: marks the card for a resume when the delivery fixes the
 * stop — the same rule the buyer was shown before paying (@portal/domain/line restoresToday).
 */
export async function noteDelivery(trx: Executor, cardId: number, before: LineView, delivery: Delivery, nowIso: string): Promise<boolean> {
  if (!before.stop_reason || before.restoring) return false;
  let fixes = false;
  if (delivery.kind === 'package') fixes = restoresToday(before, delivery.packageType);
  // an upgrade adds its data to the plan in force at once, like a refuel
  else if (delivery.kind === 'upgrade') fixes = restoresToday(before, PackageType.Refuel);
  // arrears are cleared when the balance is above zero again
  else if (delivery.kind === 'recharge') fixes = before.needs === 'recharge' && delivery.balanceAfterFen > 0;
  return fixes ? cardRecord.requestResume(trx, cardId, nowIso) : false;
}

/** The line before a delivery, read inside the payment's transaction. */
export async function lineBeforeDelivery(trx: Executor, cardId: number): Promise<LineView | null> {
  const card = await cardRecord.cardById(trx, cardId);
  return card ? lineOf(trx, card) : null;
}

/** How long a resume's turn is held at most (a process that died asking cannot keep it). */
const RESUME_ASK_WINDOW_MS = 20_000;

/**
 * Ask the carrier to resume a line marked for it, then take the carrier's word for the state.
 * Failures are logged and left for the restore job: the money is in, the line will follow.
 * Answers whether the line is in service now.
 */
export async function restoreLine(ctx: AppContext, cardId: number): Promise<boolean> {
  const marked = await cardRecord.cardById(ctx.db.kysely, cardId);
  if (!marked || !marked.resume_requested_at) return false;
  const inService = (state: number) => state === 1 || state === 7;
  // one ask at a time across processes: the holder's 刷新, their page loads and the restore job may
  // come together, and a second resume of a line the first one restored is refused by real
  // platforms. The turn is taken BEFORE the line is read, so whoever comes second reads the line
  // the first one left; it is given back when the ask is over (a later stop of the line is resumed
  // at once); the window only frees it after a process died holding it.
  const turn = `line-resume:${cardId}`;
  if (!(await hit(ctx.db.kysely, turn, { limit: 1, windowMs: RESUME_ASK_WINDOW_MS })).allowed) return false;
  try {
    const card = await cardRecord.cardById(ctx.db.kysely, cardId);
    if (!card || !card.resume_requested_at) return card ? inService(card.state) : false;
    // the line first: an earlier ask may have reached the carrier though its answer did not reach
    // us (a timeout, the status read after it failing); a resume is asked once, not again
    const now = await ctx.carrier.lineStatus(card.custom_num);
    if (inService(now.status)) {
      await cardRecord.setCarrierState(ctx.db.kysely, card.id, now.status, now.stopReason);
      return true;
    }
    await ctx.carrier.resume(card.custom_num);
    const status = await ctx.carrier.lineStatus(card.custom_num);
    await cardRecord.setCarrierState(ctx.db.kysely, card.id, status.status, status.stopReason);
    ctx.log.info({ custom_num: card.custom_num, state: status.status }, 'line resumed after a payment fixed its stop');
    return inService(status.status);
  } catch (err) {
    ctx.log.warn({ err, custom_num: marked.custom_num }, 'carrier resume failed; the restore job will ask again');
    return false;
  } finally {
    // a turn that cannot be given back (the database away) frees itself after the window
    await clear(ctx.db.kysely, turn).catch(() => undefined);
  }
}

export const RESTORE_JOB = 'line-restore';
/** Lines asked for per run: a carrier outage must not make one run take forever. */
const RESTORE_BATCH = 50;

export function restoreJob(ctx: AppContext, intervalMs: number): JobDef {
  return {
    name: RESTORE_JOB,
    intervalMs,
    run: async () => {
      const cards = await cardRecord.awaitingResume(ctx.db.kysely, RESTORE_BATCH);
      let resumed = 0;
      for (const c of cards) if (await restoreLine(ctx, c.id)) resumed++;
      return { asked: cards.length, resumed, at: clock.iso() };
    },
  };
}
