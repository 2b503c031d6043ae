// /tip: what a card still needs before it can be used, in the order the gates ask for it
// (docs/spec/portal-spec.md §4; docs/spec/decisions.md "Card gating", real_name_order). The next
// step is cardGate's answer; each step links to its page (./targets.ts).
import { RealNameOrder, Supplier } from '@portal/contract/enums';
import { cardGate, needsRealName, needsRecharge, type GateCard, type GateReason, type GateSetting } from '@portal/domain';
import { GATE_TARGET_PATH } from './targets';

export interface ChecklistItem {
  reason: GateReason;
  label: string;
  to: string;
  done: boolean;
  next: boolean;
}

const LABEL: Record<Exclude<GateReason, 'bind'>, string> = {
  replace: '更换新卡',
  series: '选择套餐系列',
  collect: '完善机主信息',
  realName: '完成实名认证',
  recharge: '完成余额充值',
  combo: '订购套餐',
};

export function checklist(card: GateCard, setting: GateSetting): ChecklistItem[] {
  if (card.supplier === Supplier.NaiZu) return [];
  const next = cardGate(card, setting);
  const order: Exclude<GateReason, 'bind'>[] = [
    'replace',
    'series',
    'collect',
    ...(card.real_name_order === RealNameOrder.RechargeFirst
      ? (['recharge', 'combo', 'realName'] as const)
      : (['realName', 'recharge', 'combo'] as const)),
  ];
  const pending: Record<Exclude<GateReason, 'bind'>, boolean> = {
    replace: card.need_change_card,
    series: card.multi_series,
    collect: card.need_id,
    realName: needsRealName(card),
    recharge: needsRecharge(card, setting),
    combo: !card.order_has_payment,
  };
  return order.map((reason) => ({
    reason,
    label: LABEL[reason],
    to: GATE_TARGET_PATH[reason],
    done: !pending[reason],
    next: next.kind === 'redirect' && next.reason === reason,
  }));
}
