import { CANCELLED_MESSAGE, cardGate, SET_PASSWORD_MESSAGE, type GateCard } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  afterLoadStep,
  countdownText,
  countsDown,
  needsPassword,
  promptFor,
  setPasswordPrompt,
  stepStillNeeded,
  targetName,
} from './prompt';
import { createPromptStore } from './promptStore';
import { healthyCard } from './testCards';

const healthy = healthyCard;
const setting = { openBalanceRecharge: true };
const ctx = { customNum: '1000000003', routeName: 'flow' };

describe('promptFor', () => {
  const rows: [string, Partial<GateCard>, { to: string; message: string } | 'pass' | 'block'][] = [
    ['a card that passes', {}, 'pass'],
    ['cancelled: blocked, no target', { state: 6 }, 'block'],
    [
      'replacement: /replace_info with the route it came from',
      { need_change_card: true },
      { to: '/replace_info?form=flow', message: '请先进行换卡操作' },
    ],
    [
      'multi-series: /select with the route it came from',
      { multi_series: true },
      { to: '/select?form=flow', message: '请先完成套餐系列选择' },
    ],
    ['personal information: /collect', { need_id: true }, { to: '/collect', message: '请先完善个人信息' }],
    ['no package: /combo', { order_has_payment: false }, { to: '/combo', message: '请先订购套餐' }],
    ['not real-named: /remind', { supplier_auth_state: false }, { to: '/remind', message: '请先完成实名认证' }],
    [
      'recharge first: /recharge',
      {
        real_name_order: 1,
        pre_store: true,
        balance_order_has_payment: false,
        card_extensions: { fake_real_name: false, pre_store_mold: 1 },
      },
      { to: '/recharge', message: '请先完成余额充值' },
    ],
  ];
  it.each(rows)('%s', (_name, patch, expected) => {
    const p = promptFor(cardGate({ ...healthy, ...patch }, setting), ctx);
    if (expected === 'pass') return expect(p).toBeNull();
    if (expected === 'block')
      return expect(p).toEqual({ kind: 'block', key: '1000000003:block', message: CANCELLED_MESSAGE, serviceForm: 'flow' });
    expect(p).toMatchObject({ kind: 'redirect', ...expected });
  });

  it('keys a prompt by card and target, so the same question is recognised', () => {
    const a = promptFor(cardGate({ ...healthy, supplier_auth_state: false }, setting), ctx);
    const b = promptFor(cardGate({ ...healthy, supplier_auth_state: false }, setting), { ...ctx, routeName: 'home' });
    expect(a?.key).toBe('1000000003:/remind');
    expect(b?.key).toBe(a?.key);
  });
});

describe('countdown text', () => {
  it.each([
    [4, '/remind', '将在 4 秒后前往实名认证页面'],
    [3, '/select?form=home', '将在 3 秒后前往套餐系列选择页面'],
    [1, '/forgot?set=true', '将在 1 秒后前往设置密码页面'],
    [2, '/combo', '将在 2 秒后前往套餐购买页面'],
  ])('%i s to %s', (n, to, text) => expect(countdownText(n, to)).toBe(text));
  it('names an unknown target generically', () => expect(targetName('/elsewhere')).toBe('目标页面'));
});

describe('after card info loads', () => {
  it.each([
    ['MoreCard skips', 9],
    ['NaiZu skips', 4],
    ['the wifi-device family skips', 10],
  ])('%s', (_n, supplier) => {
    expect(afterLoadStep({ ...healthy, supplier, supplier_auth_state: false }, setting, ctx)).toEqual({ kind: 'skip' });
  });
  it('prompts when a gate fails', () => {
    expect(afterLoadStep({ ...healthy, need_id: true }, setting, ctx)).toMatchObject({ kind: 'prompt', prompt: { to: '/collect' } });
  });
  it('checks the card password when the gates pass', () => {
    expect(afterLoadStep(healthy, setting, ctx)).toEqual({ kind: 'checkPassword' });
  });
  it.each([
    [{ has_password: false, card_login: true }, true],
    [{ has_password: true, card_login: true }, false],
    [{ has_password: false, card_login: false }, false],
  ])('needsPassword(%o) = %s', (answer, expected) => expect(needsPassword(answer)).toBe(expected));
  it('asks a card without password to set one on /forgot?set=true, as an optional step', () => {
    expect(setPasswordPrompt('1000000013')).toEqual({
      kind: 'redirect',
      key: '1000000013:/forgot?set=true',
      message: SET_PASSWORD_MESSAGE,
      to: '/forgot?set=true',
      optional: true,
    });
  });
  it('counts down to a step the card needs, never to an optional one (decision 0070)', () => {
    const needed = promptFor({ kind: 'redirect', reason: 'realName', message: '请先实名' }, ctx);
    expect(needed && needed.kind === 'redirect' && countsDown(needed)).toBe(true);
    const password = setPasswordPrompt('1000000013');
    expect(password.kind === 'redirect' && countsDown(password)).toBe(false);
  });
});

describe('prompt store: one at a time, never a loop', () => {
  const remind = { kind: 'redirect' as const, key: 'c:/remind', message: 'm', to: '/remind' };
  const combo = { kind: 'redirect' as const, key: 'c:/combo', message: 'm', to: '/combo' };

  it('refuses a second prompt while one shows', () => {
    const s = createPromptStore();
    expect(s.open(remind)).toBe(true);
    expect(s.open(combo)).toBe(false);
    expect(s.open(combo, { navigation: true })).toBe(false);
    expect(s.current()?.spec).toBe(remind);
  });

  it('does not ask again by itself what was asked since the last load', () => {
    const s = createPromptStore();
    s.open(remind);
    s.close(s.current()!.id);
    expect(s.open(remind)).toBe(false);
    expect(s.current()).toBeNull();
  });

  it('asks again when the user navigates to a guarded page again', () => {
    const s = createPromptStore();
    s.open(remind, { navigation: true });
    s.close(s.current()!.id);
    expect(s.open(remind, { navigation: true })).toBe(true);
  });

  it('a new load (card switched, page visible again) may ask again', () => {
    const s = createPromptStore();
    s.open(remind);
    s.close(s.current()!.id);
    s.forgetAsked();
    expect(s.open(remind)).toBe(true);
  });

  it('closing an old prompt does not close the current one', () => {
    const s = createPromptStore();
    s.open(remind);
    const first = s.current()!.id;
    s.close(first);
    s.open(combo);
    s.close(first);
    expect(s.current()?.spec).toBe(combo);
  });

  it('notifies subscribers', () => {
    const s = createPromptStore();
    let n = 0;
    s.subscribe(() => n++);
    s.open(remind);
    s.close(s.current()!.id);
    expect(n).toBe(2);
  });

  it('remembers where the user last settled', () => {
    const s = createPromptStore();
    expect(s.settledAt()).toBeUndefined();
    s.settle('/flow');
    expect(s.settledAt()).toBe('/flow');
  });
});

describe('stepStillNeeded: what a page that shows the card anyway says (decision 0070)', () => {
  it('says nothing for a card that passes', () => expect(stepStillNeeded({ kind: 'pass' }, ctx)).toBeNull());
  it('names the step and its page for a card that needs one', () =>
    expect(stepStillNeeded({ kind: 'redirect', reason: 'realName', message: '请先完成实名认证' }, ctx)).toEqual({
      message: '请先完成实名认证',
      to: '/remind',
      label: '前往实名认证页面',
    }));
  it('offers online service for a cancelled card', () =>
    expect(stepStillNeeded({ kind: 'block', message: '该卡已销户，请联系客服' }, ctx)).toEqual({
      message: '该卡已销户，请联系客服',
      to: '/customer?form=flow',
      label: '联系客服',
    }));
});
