// An agent's commission figures as the console shows them.
import { balanceOf, maskAccount } from '@portal/domain/commission';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import * as repo from './repo';

/** An agent's figures now: balance = Σ ledger, what is held, what may be withdrawn. */
export async function figuresOf(db: Executor, agentId: number) {
  const now = clock.iso();
  const [s, account] = await Promise.all([repo.sums(db, agentId, now), repo.accountOf(db, agentId)]);
  const b = balanceOf(
    [
      { amount_fen: s.total - s.pending, available_at: '' },
      { amount_fen: s.pending, available_at: '\uffff' },
    ],
    now,
  );
  return {
    agent_id: agentId,
    balance_fen: account?.balance_fen ?? 0,
    ledger_sum_fen: s.total,
    pending_fen: b.pending_fen,
    withdrawable_fen: b.withdrawable_fen,
    holding_days: account?.holding_days ?? 7,
    payout_method: account?.payout_method ?? 0,
    payee: account?.payee ?? '',
    payout_account: maskAccount(account?.payout_account ?? ''),
    verify_mobile_set: !!account?.verify_mobile,
  };
}
