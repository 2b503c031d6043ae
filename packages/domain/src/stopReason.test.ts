import { describe, expect, it } from 'vitest';
import { decodeStopReason, STOP_REASONS, stopReasonFor, stopReasonOf, type StopReasonCode } from './stopReason';

describe('the carrier stop reason decoded into plain words, with the one fix', () => {
  it.each([
    // [carrier says, reason, title, fix button]
    ['01', 'arrears', '欠费停机', '去充值'],
    ['欠费停机', 'arrears', '欠费停机', '去充值'],
    ['FLOW_LIMIT', 'data_used_up', '流量已用完', '订购加油包'],
    ['达量断网', 'data_used_up', '流量已用完', '订购加油包'],
    ['IMEI_LOCK', 'sim_device_separation', '机卡分离', '联系客服'],
    ['机卡分离', 'sim_device_separation', '机卡分离', '联系客服'],
    ['04', 'not_real_named', '未实名停机', '去实名'],
    ['no_realname', 'not_real_named', '未实名停机', '去实名'],
    ['05', 'plan_expired', '套餐已到期', '订购套餐'],
    ['套餐到期', 'plan_expired', '套餐已到期', '订购套餐'],
    ['REGION_LIMIT', 'region_limit', '区域限制', '联系客服'],
    ['USER_REQUEST', 'owner_request', '已申请停机', '联系客服'],
    ['挂失停机', 'owner_request', '已申请停机', '联系客服'],
    ['08', 'carrier', '运营商停机', '联系客服'],
    ['风控停机', 'carrier', '运营商停机', '联系客服'],
    ['', 'unknown', '已停机', '联系客服'],
    ['99', 'unknown', '已停机', '联系客服'],
    ['  ArReArS ', 'arrears', '欠费停机', '去充值'],
  ] as const)('%j → %s: %s, %s', (raw, code, title, fixText) => {
    expect(decodeStopReason(raw)).toBe(code);
    const r = stopReasonOf(raw);
    expect(r.title).toBe(title);
    expect(r.fix.text).toBe(fixText);
    expect(r.detail.length).toBeGreaterThan(10);
  });

  it.each([null, undefined, 3 as unknown as string])('%s is unknown, never a guess', (raw) => {
    expect(decodeStopReason(raw)).toBe('unknown');
  });

  it('every reason has words and a fix', () => {
    const codes = Object.keys(STOP_REASONS) as StopReasonCode[];
    expect(codes).toHaveLength(9);
    for (const c of codes) {
      expect(STOP_REASONS[c].code).toBe(c);
      expect(STOP_REASONS[c].title).toMatch(/\p{Script=Han}/u);
      expect(STOP_REASONS[c].fix.text).toMatch(/\p{Script=Han}/u);
    }
  });
});

describe('a card state with the reason', () => {
  it.each([
    [1, 'ARREARS', null],
    [3, 'ARREARS', '欠费停机'],
    [3, '', '已停机'],
    [4, '', '流量已用完'],
    [6, 'ARREARS', null],
  ] as const)('state %i, reason %j → %s', (state, raw, title) => {
    expect(stopReasonFor(state, raw)?.title ?? null).toBe(title);
  });
});
