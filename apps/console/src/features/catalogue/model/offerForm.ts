// 首充优惠's form: on or off for an agent; yuan in the fields, fen on the wire.
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { toFen, toYuan } from '../../../lib/zodRule';

type RechargeOffer = AdminAnswerOf<'adminRechargeOfferList'>['items'][number];

export interface OfferFields {
  enabled: boolean;
  amount: number;
  bonus: number;
  title: string;
  description?: string;
  reason: string;
}

/** Switched off: the agent's offer is removed (null). */
export function offerBody(agentId: number, v: OfferFields): AdminInputOf<'adminRechargeOfferSave'> {
  return {
    agent_id: agentId,
    offer: v.enabled ? { amount_fen: toFen(v.amount), bonus_fen: toFen(v.bonus), title: v.title, description: v.description ?? '' } : null,
    reason: v.reason,
  };
}

/** The agent's offer, or 充值 100 送 10 to start from. */
export function offerInitial(value: RechargeOffer): Omit<OfferFields, 'reason'> {
  const o = value.offer;
  return {
    enabled: !!o,
    amount: o ? toYuan(o.amount_fen) : 100,
    bonus: o ? toYuan(o.bonus_fen) : 10,
    title: o?.title ?? '',
    description: o?.description ?? '',
  };
}
