import type { BalanceLedgerAnswer, LEDGER_KINDS } from '@portal/contract';
import { fenToYuan } from '@portal/domain';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { accessibleCard, cardRecord } from '../../cardRecord';
import * as repo from './repo';

export const LEDGER_PAGE_SIZE = 20;

/** The card's balance and a page of its ledger (newest first): top-ups, purchases paid from it, refunds. */
export async function balanceLedger(
  ctx: AppContext,
  auth: Auth,
  customNum: string,
  direction: 'all' | 'in' | 'out' = 'all',
  beforeId?: number,
): Promise<BalanceLedgerAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  // one row more than a page says whether another page follows, without counting
  const rows = await repo.ledgerOfCard(ctx.db.kysely, card.id, direction, beforeId, LEDGER_PAGE_SIZE + 1);
  return {
    balance: fenToYuan(card.balance_fen),
    has_more: rows.length > LEDGER_PAGE_SIZE,
    list: rows.slice(0, LEDGER_PAGE_SIZE).map((r) => ({
      id: r.id,
      amount: fenToYuan(r.amount_fen),
      kind: r.kind as (typeof LEDGER_KINDS)[number],
      order_no: r.order_no,
      note: r.note,
      created_at: r.created_at,
      balance_after: fenToYuan(r.balance_after_fen),
    })),
  };
}

export interface AdjustmentResult {
  /** false: this request id adjusted before; nothing changed now */
  applied: boolean;
  ledgerId: number;
  balanceFen: number;
  beforeFen: number;
}

/**
 * An operator's manual adjustment (docs/decisions/0018): one ledger row of kind 'adjust' through move(), so
 * the balance stays the sum of its ledger and never goes below zero; once per request id (a
 * repeated submit answers the first one). `record` runs in the same transaction — the console's
 * audit row — so the adjustment and its record land together or not at all.
 */
export async function adjustBalance(
  ctx: AppContext,
  input: { cardId: number; amountFen: number; reason: string; requestId: string; operatorId: number },
  record: (trx: Executor, r: AdjustmentResult) => Promise<void>,
): Promise<AdjustmentResult> {
  return ctx.db.kysely.transaction().execute((trx) => adjustBalanceIn(trx, input, record));
}

/** adjustBalance inside a transaction the caller holds (an approved adjustment: docs/decisions/0048). */
export async function adjustBalanceIn(
  trx: Executor,
  input: { cardId: number; amountFen: number; reason: string; requestId: string; operatorId: number },
  record: (trx: Executor, r: AdjustmentResult) => Promise<void>,
): Promise<AdjustmentResult> {
  const nowIso = clock.iso();
  const claimed = await repo.claimAdjustment(trx, {
    request_id: input.requestId,
    card_id: input.cardId,
    amount_fen: input.amountFen,
    reason: input.reason,
    operator_id: input.operatorId,
    created_at: nowIso,
  });
  if (!claimed) {
    const earlier = (await repo.adjustmentByRequest(trx, input.requestId))!;
    if (earlier.card_id !== input.cardId || earlier.amount_fen !== input.amountFen)
      throw new AppError(Code.REQUEST_ID_REUSED, '该请求编号已用于另一笔调整，请刷新后重试');
    const balanceFen = await cardRecord.balanceOf(trx, input.cardId);
    return { applied: false, ledgerId: earlier.ledger_id ?? 0, balanceFen, beforeFen: balanceFen };
  }
  const beforeFen = await cardRecord.balanceOf(trx, input.cardId);
  const after = await repo.move(trx, {
    cardId: input.cardId,
    amountFen: input.amountFen,
    kind: 'adjust',
    orderNo: '',
    note: `人工调整：${input.reason}`,
    nowIso,
  });
  if (after === null) throw new AppError(Code.BALANCE_INSUFFICIENT, `余额仅 ${fenToYuan(beforeFen)} 元，扣减后不能小于 0`);
  const ledgerId = await repo.lastLedgerId(trx, input.cardId);
  await repo.setAdjustmentLedger(trx, claimed.id, ledgerId);
  const result = { applied: true, ledgerId, balanceFen: after, beforeFen };
  await record(trx, result);
  return result;
}
