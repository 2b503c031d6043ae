import type { BalanceLedgerAnswer } from '@portal/contract';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Auth } from '../../auth';
import { accessibleCard } from '../../cardRecord';
import * as repo from './repo';

/** The card's balance and its latest ledger entries (newest first): top-ups, purchases paid from it, refunds. */
export async function balanceLedger(
  ctx: AppContext,
  auth: Auth,
  customNum: string,
  direction: 'all' | 'in' | 'out' = 'all',
): Promise<BalanceLedgerAnswer> {
  const card = await accessibleCard(ctx, auth, customNum);
  const rows = await repo.ledgerOfCard(ctx.db.kysely, card.id, direction);
  return {
    balance: fenToYuan(card.balance_fen),
    list: rows.map((r) => ({
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
