// Card gating (docs/spec/portal-spec.md §4, docs/spec/decisions.md "Card gating"): one pure
// decision over the card's info and the agent's setting, used by the web app when it navigates
// and by the server when it is asked to take money (the server never trusts the client's gating).
// It answers why a card is stopped and what to tell the user; which page deals with each reason,
// and which pages are gated at all, is the web app's business (its route table).
import { CardState, RealNameOrder, Supplier } from '@portal/contract/enums';
import { balanceRechargeShown, isVerified } from './realName';

/** The card-info fields the gates read (a subset of CardInfoCore, so both sides can pass theirs). */
export interface GateCard {
  state: number;
  supplier: number;
  need_change_card: boolean;
  multi_series: boolean;
  need_id: boolean;
  real_name_order: number;
  pre_store: boolean;
  pre_store_show: boolean;
  balance_order_has_payment: boolean;
  order_has_payment: boolean;
  supplier_auth_state: boolean;
  card_extensions: { fake_real_name: boolean; pre_store_mold: number };
}

export interface GateSetting {
  /** the agent's open_balance_recharge (branding) */
  openBalanceRecharge: boolean;
}

/** Why a gate stopped the user; each has its message (docs/spec/portal-spec.md §8) and, in the
 *  web app, its page. */
export type GateReason = 'bind' | 'replace' | 'series' | 'collect' | 'recharge' | 'combo' | 'realName';

export type GateResult = { kind: 'pass' } | { kind: 'block'; message: string } | { kind: 'redirect'; reason: GateReason; message: string };

export const GATE_MESSAGE: Record<GateReason, string> = {
  bind: '请先绑定卡号',
  replace: '请先进行换卡操作',
  series: '请先完成套餐系列选择',
  collect: '请先完善个人信息',
  recharge: '请先完成余额充值',
  combo: '请先订购套餐',
  realName: '请先完成实名认证',
};

export const CANCELLED_MESSAGE = '该卡已销户，请联系客服';
export const SET_PASSWORD_MESSAGE = '请设置卡登录密码';

function redirect(reason: GateReason): GateResult {
  return { kind: 'redirect', reason, message: GATE_MESSAGE[reason] };
}

/** Real-name is needed: the card is not verified (fake real-name flag, or not authenticated by the supplier). */
export function needsRealName(card: GateCard): boolean {
  return !isVerified(card.card_extensions.fake_real_name, card.supplier_auth_state);
}

/** The recharge prerequisite: pre-store on, not waived, no balance order paid, and the balance channel shown. */
export function needsRecharge(card: GateCard, setting: GateSetting): boolean {
  return (
    card.pre_store &&
    !card.pre_store_show &&
    !card.balance_order_has_payment &&
    balanceRechargeShown(card.card_extensions.pre_store_mold, setting.openBalanceRecharge)
  );
}

/**
 * The six ordered checks, then the variant that real_name_order selects (docs/spec/decisions.md: 1 runs
 * recharge → package → real-name, anything else real-name → recharge → package).
 */
export function cardGate(card: GateCard | undefined, setting: GateSetting): GateResult {
  if (!card) return redirect('bind');
  if (card.supplier === Supplier.NaiZu) return { kind: 'pass' };
  if (card.state === CardState.Cancelled) return { kind: 'block', message: CANCELLED_MESSAGE };
  if (card.need_change_card) return redirect('replace');
  if (card.multi_series) return redirect('series');
  if (card.need_id) return redirect('collect');

  const steps: GateReason[] =
    card.real_name_order === RealNameOrder.RechargeFirst ? ['recharge', 'combo', 'realName'] : ['realName', 'recharge', 'combo'];
  for (const step of steps) {
    if (step === 'recharge' && needsRecharge(card, setting)) return redirect('recharge');
    if (step === 'combo' && !card.order_has_payment) return redirect('combo');
    if (step === 'realName' && needsRealName(card)) return redirect('realName');
  }
  return { kind: 'pass' };
}

/** Suppliers whose cards skip the gate re-run after card info loads (spec "After loading card info"). */
export function rechecksAfterLoad(supplier: number): boolean {
  return supplier !== Supplier.MoreCard && supplier !== Supplier.NaiZu && supplier !== Supplier.WifiDevice;
}

const PRECONDITIONS: ReadonlySet<GateReason> = new Set(['replace', 'series', 'collect']);

/** What the server refuses to sell, by what is being bought. */
export type Purchase = 'package' | 'recharge';

/**
 * Server-side enforcement: the same rules, asked "may this card buy this
 * now?". A cancelled card buys nothing; a card that must replace, choose a series or give its
 * personal information buys nothing yet; a recharge is refused only when real-name must come
 * first; a package also waits for a required recharge, and for real-name under a
 * real-name-first policy. Answers null when allowed, else the reason and its message.
 */
export function purchaseBlock(
  card: GateCard,
  purchase: Purchase,
  setting: GateSetting,
): { reason: GateReason | 'cancelled'; message: string } | null {
  // a cancelled card takes no purchase whoever supplies it: nothing bought could ever be used
  if (card.state === CardState.Cancelled) return { reason: 'cancelled', message: CANCELLED_MESSAGE };
  if (card.supplier === Supplier.NaiZu) return null;
  // cardGate answers the first failing check, and these three come before either variant's.
  const first = cardGate(card, setting);
  if (first.kind === 'redirect' && PRECONDITIONS.has(first.reason)) return { reason: first.reason, message: first.message };
  const realNameFirst = card.real_name_order !== RealNameOrder.RechargeFirst;
  if (realNameFirst && needsRealName(card)) return { reason: 'realName', message: GATE_MESSAGE.realName };
  if (purchase === 'package' && needsRecharge(card, setting)) return { reason: 'recharge', message: GATE_MESSAGE.recharge };
  return null;
}
