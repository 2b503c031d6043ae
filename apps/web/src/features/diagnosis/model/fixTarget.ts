import type { Fix } from '@portal/contract';
import { loginUrl } from '../../../lib/navigation';

/** Where a fix button leads: a page (after a login where the fix needs one), or a refresh here. */
export type FixTarget = { kind: 'page'; path: string } | { kind: 'refresh' };

/** The page of each fix for the card's owner (they act on the current card). */
const OWNER_PATH: Record<Exclude<Fix['kind'], 'refresh'>, string> = {
  recharge: '/recharge',
  // the package that brings the line back today, proposed on its order page: one tap (支付) to the
  // cashier, not the catalogue, a package and the order page first (decision 0070)
  buy_package: '/combo_detail?restore=1',
  buy_refuel: '/combo_detail?restore=1',
  real_name: '/remind',
  replace_card: '/replace_info?form=card_check',
  customer: '/customer?form=card_check',
  switch_network: '/change',
  device: '/wifi_setting',
};

/**
 * A visitor's fix: a package can be bought without a login (quick payment, for this card only), and
 * so can a top-up of the card's balance (quick recharge: the money only ever goes to that card; a
 * 欠费停机 card sent to the card-number login needed a card password the visitor may not have —
 * docs/decisions/0066); support needs none; everything else acts on the card's account
 * and goes through the card-number login, which then lands on the fix's page for that very card.
 */
export function fixTarget(fix: Fix, o: { owner: boolean; customNum: string }): FixTarget {
  if (fix.kind === 'refresh') return { kind: 'refresh' };
  const path = OWNER_PATH[fix.kind];
  if (o.owner || fix.kind === 'customer') return { kind: 'page', path };
  if (fix.kind === 'buy_package' || fix.kind === 'buy_refuel')
    // quick payment's package page for this card, the restoring package proposed (not the number
    // form and 查询卡片 and 选择加油包 before it)
    return { kind: 'page', path: `/quick_select_package?custom_num=${encodeURIComponent(o.customNum)}` };
  if (fix.kind === 'recharge') return { kind: 'page', path: `/quick_recharge?custom_num=${encodeURIComponent(o.customNum)}` };
  return { kind: 'page', path: loginUrl({ loginModel: 'customNum', redirect: path }) };
}
