import { RECHARGE_MAX_YUAN, RECHARGE_MIN_YUAN } from '@portal/contract/patterns/commerce';

/** A custom recharge amount: a whole number of yuan from 1 to 5000 (docs/spec/portal-spec.md §5, e-card). */
export function checkRechargeAmount(text: string): { ok: true; amount: number } | { ok: false; error: string } {
  const t = text.trim();
  if (!t) return { ok: false, error: '请输入充值金额' };
  if (!/^\d+$/.test(t)) return { ok: false, error: `请输入 ${RECHARGE_MIN_YUAN} 到 ${RECHARGE_MAX_YUAN} 之间的整数金额` };
  const amount = Number(t);
  if (amount < RECHARGE_MIN_YUAN || amount > RECHARGE_MAX_YUAN)
    return { ok: false, error: `请输入 ${RECHARGE_MIN_YUAN} 到 ${RECHARGE_MAX_YUAN} 之间的整数金额` };
  return { ok: true, amount };
}
