import type { GateCard } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { checklist } from './checklist';
import { healthyCard } from './testCards';

const healthy = healthyCard;
const setting = { openBalanceRecharge: true };
const summary = (card: GateCard) => checklist(card, setting).map((i) => `${i.reason}${i.done ? '' : i.next ? '!' : '?'}`);

describe('checklist (/tip)', () => {
  it('a card that passes has everything done', () => {
    expect(summary(healthy)).toEqual(['replace', 'series', 'collect', 'realName', 'recharge', 'combo']);
  });
  it('real-name first (variant B): real-name is next, the package waits', () => {
    expect(summary({ ...healthy, supplier_auth_state: false, order_has_payment: false })).toEqual([
      'replace',
      'series',
      'collect',
      'realName!',
      'recharge',
      'combo?',
    ]);
  });
  it('recharge first (real_name_order 1): recharge, package, then real-name', () => {
    const card = {
      ...healthy,
      real_name_order: 1,
      pre_store: true,
      balance_order_has_payment: false,
      order_has_payment: false,
      supplier_auth_state: false,
      card_extensions: { fake_real_name: false, pre_store_mold: 1 },
    };
    expect(summary(card)).toEqual(['replace', 'series', 'collect', 'recharge!', 'combo?', 'realName?']);
  });
  it('the preconditions come first', () => {
    expect(summary({ ...healthy, need_change_card: true, need_id: true })).toEqual([
      'replace!',
      'series',
      'collect?',
      'realName',
      'recharge',
      'combo',
    ]);
  });
  it('NaiZu has nothing to do', () => {
    expect(checklist({ ...healthy, supplier: 4, supplier_auth_state: false }, setting)).toEqual([]);
  });
});
