import type { BalanceLedgerAnswer } from '@portal/contract';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Auth } from '../../auth';
import { accessibleCard } from '../../cardRecord';
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
      kind: r.kind as 'recharge' | 'bonus' | 'purchase' | 'refund',
      order_no: r.order_no,
      note: r.note,
      created_at: r.created_at,
      balance_after: fenToYuan(r.balance_after_fen),
    })),
  };
}
