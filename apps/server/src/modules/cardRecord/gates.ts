// Server-side card gating (docs/spec/portal-spec.md §4 "Card gating", docs/decisions/0005): the
// server does not trust the client's gates. Every service that takes money for a card, or acts on
// it, asks here first.
import { Code } from '@portal/contract/codes';
import { CardState } from '@portal/contract/enums';
import { purchaseBlock, type GateCard, type GateReason, type Purchase } from '@portal/domain';
import type { Executor } from '../../db/executor';
import type { Card } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { agentOpensBalanceRecharge } from './repo';

const CODE_OF: Record<GateReason | 'cancelled', number> = {
  cancelled: Code.CARD_CANCELLED,
  replace: Code.CARD_NEEDS_REPLACE,
  series: Code.CARD_NEEDS_SERIES,
  collect: Code.CARD_NEEDS_PERSONAL_INFO,
  realName: Code.CARD_NEEDS_REAL_NAME,
  recharge: Code.CARD_NEEDS_RECHARGE,
  combo: Code.BAD_REQUEST,
  bind: Code.BAD_REQUEST,
};

/** The card row as the gate reads it (0/1 columns to booleans). */
function gateCardOf(card: Card): GateCard {
  const b = (v: number) => v === 1;
  return {
    state: card.state,
    supplier: card.supplier,
    need_change_card: b(card.need_change_card),
    multi_series: b(card.multi_series),
    need_id: b(card.need_id),
    real_name_order: card.real_name_order,
    pre_store: b(card.pre_store),
    pre_store_show: b(card.pre_store_show),
    balance_order_has_payment: b(card.balance_order_has_payment),
    order_has_payment: b(card.order_has_payment),
    supplier_auth_state: b(card.supplier_auth_state),
    card_extensions: { fake_real_name: b(card.fake_real_name), pre_store_mold: card.pre_store_mold },
  };
}

/** Throws the gate's business code (10301-10306) when the card may not buy this now. */
export async function assertPurchasable(db: Executor, card: Card, purchase: Purchase): Promise<void> {
  const openBalanceRecharge = await agentOpensBalanceRecharge(db, card.agent_id);
  const block = purchaseBlock(gateCardOf(card), purchase, { openBalanceRecharge });
  if (block) throw new AppError(CODE_OF[block.reason], block.message);
}

/** A cancelled card (state 6) accepts no operation: binding, network switch, real-name… */
export function assertNotCancelled(card: Card): void {
  if (card.state === CardState.Cancelled) throw new AppError(Code.CARD_CANCELLED);
}
