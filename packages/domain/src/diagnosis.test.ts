import { describe, expect, it } from 'vitest';
import { ago, diagnose, formatDbm, judgeLineTest, type DiagnosisFacts } from './diagnosis';
import { lineView, type LineFacts } from './line';

const now = new Date('2026-05-10T08:00:00Z');
const GB = 1024 * 1024;

/** The facts of a case in a few words: the line's (state, stop reason, plan …) and the device's. */
interface Case {
  state?: number;
  stopReason?: string;
  carrierReachable?: boolean;
  realNamed?: boolean;
  /** the plan in force: total and remaining; null = none */
  pkg?: { totalKb: number; remainingKb: number } | null;
  balanceFen?: number;
  syncedAt?: string;
  needChangeCard?: boolean;
  apn?: LineFacts['apn'];
  iccid?: string;
  accountCarrier?: number | null;
  device?: DiagnosisFacts['device'];
  isDeviceCard?: boolean;
}

/** A healthy plain card, synced five minutes ago, 60 GB left of 100 GB until 2026-05-31. */
function facts(c: Case = {}): DiagnosisFacts {
  const pkg = c.pkg === undefined ? { totalKb: 100 * GB, remainingKb: 60 * GB } : c.pkg;
  const line = lineView({
    now,
    state: c.state ?? 1,
    stopReason: c.stopReason ?? '',
    realNamed: c.realNamed ?? true,
    needChangeCard: c.needChangeCard ?? false,
    balanceFen: c.balanceFen ?? 2000,
    plan: pkg
      ? {
          id: 1,
          name: '畅享100G月包',
          package_type: 3,
          total_kb: pkg.totalKb,
          started_at: '2026-04-30T16:00:00Z',
          expired_at: '2026-05-31T16:00:00Z',
        }
      : null,
    queued: [],
    usage: { todayKb: 0, monthKb: 0, planKb: pkg ? pkg.totalKb - pkg.remainingKb : 0 },
    syncedAt: c.syncedAt ?? new Date(now.getTime() - 5 * 60_000).toISOString(),
    resumeRequestedAt: '',
    apn: c.apn ?? null,
    iccid: c.iccid ?? '89860117000000000001',
    accountCarrier: c.accountCarrier === undefined ? 2 : c.accountCarrier,
  });
  return { now, line, carrierReachable: c.carrierReachable ?? true, device: c.device ?? null, isDeviceCard: c.isDeviceCard ?? false };
}

const check = (f: Case, key: string, who: 'owner' | 'visitor' = 'owner') => diagnose(facts(f), who).checks.find((c) => c.key === key);

describe('diagnosis: card state with the stop reason', () => {
  it.each([
    ['active', { state: 1 }, 'ok', '卡状态正常（已激活）', null],
    ['testable', { state: 7 }, 'ok', '卡状态正常（可测试）', null],
    ['stopped for arrears', { state: 3, stopReason: 'ARREARS' }, 'problem', '欠费停机', '去充值'],
    ['stopped, data used up', { state: 3, stopReason: 'FLOW_LIMIT' }, 'problem', '流量已用完', '订购加油包'],
    ['SIM-device separation', { state: 3, stopReason: 'IMEI_LOCK' }, 'problem', '机卡分离', '联系客服'],
    ['not real-named', { state: 3, stopReason: 'NO_REALNAME' }, 'problem', '未实名停机', '去实名'],
    ['plan expired', { state: 3, stopReason: 'PLAN_EXPIRED' }, 'problem', '套餐已到期', '订购套餐'],
    ['region limit', { state: 3, stopReason: 'REGION_LIMIT' }, 'problem', '区域限制', '联系客服'],
    ['at the owner’s request', { state: 3, stopReason: 'USER_REQUEST' }, 'problem', '已申请停机', '联系客服'],
    ['by the carrier', { state: 3, stopReason: 'CARRIER' }, 'problem', '运营商停机', '联系客服'],
    ['stopped, reason not said', { state: 3, stopReason: '' }, 'problem', '已停机', '联系客服'],
    ['reached-disconnect state', { state: 4 }, 'problem', '流量已用完', '订购加油包'],
    ['needs a new card', { needChangeCard: true }, 'problem', '需要换卡', '去换卡'],
    ['cancelled', { state: 6 }, 'problem', '已销户', '联系客服'],
    ['a Unicom SIM on a Telecom platform account', { accountCarrier: 3 }, 'problem', '卡状态暂时无法查询', '联系客服'],
    ['not activated', { state: 0 }, 'problem', '没有激活', '联系客服'],
    ['other state', { state: 5 }, 'problem', '无法判断', '联系客服'],
    ['carrier unreachable', { carrierReachable: false }, 'unknown', '无法连接运营商', '刷新数据'],
  ] as const)('%s → %s', (_name, f, status, words, fixText) => {
    const c = check(f, 'card_state')!;
    expect(c.status).toBe(status);
    expect(c.verdict).toContain(words);
    expect(c.fix?.text ?? null).toBe(fixText);
  });
});

describe('diagnosis: real-name, package, balance, sync', () => {
  it.each([
    ['real-named', 'real_name', {}, 'ok', '已完成实名认证', null],
    ['not real-named', 'real_name', { realNamed: false }, 'problem', '尚未实名认证', '去实名'],
    ['no package', 'package', { pkg: null }, 'problem', '没有生效中的套餐', '订购套餐'],
    ['data used up', 'package', { pkg: { totalKb: 100 * GB, remainingKb: 0 } }, 'problem', '流量已用完', '订购加油包'],
    ['carrier says used up, figures lag', 'package', { state: 3, stopReason: 'FLOW_LIMIT' }, 'problem', '流量已用完', '订购加油包'],
    ['cancelled: no purchase offered', 'package', { state: 6, pkg: null }, 'unknown', '不能再订购套餐', null],
    ['cancelled: no recharge offered', 'balance', { state: 6 }, 'unknown', '不能再充值', null],
    ['wrong APN', 'apn', { apn: { current: 'cmnet', expected: 'unim2m.njm2mapn' } }, 'problem', 'APN 设置有误', '联系客服'],
    ['under 10% left', 'package', { pkg: { totalKb: 100 * GB, remainingKb: 5 * GB } }, 'ok', '已不足10%', null],
    ['plenty left', 'package', {}, 'ok', '剩余 60', null],
    ['stale figures', 'package', { syncedAt: '2026-05-08T00:00:00Z' }, 'unknown', '太久没有更新', '刷新数据'],
    ['balance fine', 'balance', {}, 'ok', '余额 20.00 元', null],
    ['balance negative', 'balance', { balanceFen: -1250 }, 'problem', '余额 -12.50 元', '去充值'],
    ['arrears stop', 'balance', { state: 3, stopReason: '01', balanceFen: 0 }, 'problem', '账户已欠费', '去充值'],
    ['synced 5 minutes ago', 'sync', {}, 'ok', '数据更新于 5 分钟前', null],
    ['never synced', 'sync', { syncedAt: '' }, 'unknown', '还没有从运营商取到数据', '刷新数据'],
    ['synced 3 days ago', 'sync', { syncedAt: '2026-05-07T07:00:00Z' }, 'unknown', '数据更新于 3 天前', '刷新数据'],
  ] as const)('%s → %s %s', (_name, key, f, status, words, fixText) => {
    const c = check(f as Case, key)!;
    expect(c.status).toBe(status);
    expect(c.verdict).toContain(words);
    expect(c.fix?.text ?? null).toBe(fixText);
  });

  it('a visitor gets the same verdicts without amounts, package names or dates', () => {
    const owner = diagnose(facts({ balanceFen: -1250 }), 'owner');
    const visitor = diagnose(facts({ balanceFen: -1250 }), 'visitor');
    expect(visitor.checks.map((c) => c.status)).toEqual(owner.checks.map((c) => c.status));
    const text = JSON.stringify(visitor);
    expect(text).not.toMatch(/12\.50|20\.00|畅享100G月包|2026-05-31|GB/);
    expect(visitor.checks.find((c) => c.key === 'package')!.verdict).toBe('当前套餐流量充足');
    expect(visitor.checks.find((c) => c.key === 'balance')!.verdict).toBe('账户已欠费，充值后恢复');
  });
});

describe('diagnosis: a device card, its radio with the card state', () => {
  const device = (d: Partial<NonNullable<DiagnosisFacts['device']>>): Case => ({
    isDeviceCard: true,
    device: { online: true, attached: true, active: { carrier: 1, rsrp: -85, sinr: 18 }, others: [], ...d },
  });

  it.each([
    ['online, strong', device({}), 'device', 'ok', '设备在线，已接入中国移动', null],
    ['offline', device({ online: false, attached: false, active: null }), 'device', 'problem', '设备离线', '查看设备'],
    ['online, not attached', device({ attached: false, active: null }), 'device', 'problem', '没有注册到网络', '查看设备'],
    ['device cloud unreachable', { isDeviceCard: true, device: null }, 'device', 'unknown', '无法查询设备状态', '刷新数据'],
    ['strong signal', device({}), 'signal', 'ok', '信号强（RSRP −85 dBm）', null],
    ['fair signal', device({ active: { carrier: 1, rsrp: -100, sinr: 8 } }), 'signal', 'ok', '信号中', null],
    [
      'weak, a better SIM in the device',
      device({ active: { carrier: 2, rsrp: -115, sinr: -2 }, others: [{ carrier: 3, rsrp: -90, sinr: 15 }] }),
      'signal',
      'problem',
      '卡正常，但信号弱（RSRP −115 dBm） → 切换到电信',
      '切换到电信',
    ],
    [
      'weak, the other SIM cannot attach',
      device({ active: { carrier: 2, rsrp: -115, sinr: -2 }, others: [{ carrier: 3, rsrp: -125, sinr: -8 }] }),
      'signal',
      'problem',
      '把设备移到窗边',
      '查看设备',
    ],
  ] as const)('%s → %s %s', (_name, f, key, status, words, fixText) => {
    const c = check(f as Case, key)!;
    expect(c.status).toBe(status);
    expect(c.verdict).toContain(words);
    expect(c.fix?.text ?? null).toBe(fixText);
  });

  it('an offline device has no signal check; a plain card has neither', () => {
    expect(check(device({ online: false, active: null }), 'signal')).toBeUndefined();
    expect(check({}, 'device')).toBeUndefined();
  });

  it('a stopped card with a weak signal does not say the card is fine', () => {
    const c = check(
      {
        state: 3,
        stopReason: '01',
        ...device({ active: { carrier: 2, rsrp: -115, sinr: -2 }, others: [{ carrier: 3, rsrp: -90, sinr: 15 }] }),
      },
      'signal',
    )!;
    expect(c.verdict).not.toContain('卡正常');
  });
});

describe('diagnosis: the headline', () => {
  it.each([
    ['all fine', {}, 'ok', '卡片一切正常，可以正常上网'],
    ['stopped for arrears (two problems)', { state: 3, stopReason: '01', balanceFen: 0 }, 'problem', '欠费停机（另有 1 项异常）'],
    ['never synced: figures and sync unknown', { syncedAt: '' }, 'unknown', '有 2 项暂时无法判断，请稍后刷新'],
    ['a wrong APN is not "all fine"', { apn: { current: 'cmnet', expected: 'unim2m.njm2mapn' } }, 'problem', 'APN 设置有误'],
    ['a card to replace is not "all fine"', { needChangeCard: true }, 'problem', '需要换卡'],
    ['a cancelled card: one problem, no purchase', { state: 6 }, 'problem', '已销户'],
  ] as const)('%s → %s', (_name, f, overall, headline) => {
    const d = diagnose(facts(f), 'owner');
    expect(d.overall).toBe(overall);
    expect(d.headline).toBe(headline);
  });
});

describe('card test (/check)', () => {
  const ok = { registered: true, dataSession: true, apn: '3gnet', expectedApn: '3gnet', line: facts().line };
  it.each([
    ['all passes', ok, ['ok', 'ok', 'ok'], '测试通过'],
    [
      'stopped for arrears',
      { ...ok, registered: false, dataSession: false, line: facts({ state: 3, stopReason: '01' }).line },
      ['problem', 'unknown', 'ok'],
      '没有注册到网络',
    ],
    ['no data session', { ...ok, dataSession: false }, ['ok', 'problem', 'ok'], '无法建立数据连接'],
    [
      'no data session: data used up',
      { ...ok, dataSession: false, line: facts({ pkg: { totalKb: GB, remainingKb: 0 } }).line },
      ['ok', 'problem', 'ok'],
      '无法建立数据连接',
    ],
    // a wrong APN means no data: the test never says both "能正常上网" and "APN 设置有误"
    ['wrong APN', { ...ok, apn: 'cmnet' }, ['ok', 'problem', 'problem'], 'APN 设置有误'],
  ] as const)('%s', (_name, t, statuses, headline) => {
    const d = judgeLineTest(t);
    expect(d.checks.map((c) => c.status)).toEqual(statuses);
    expect(d.headline).toContain(headline);
  });

  it('a stopped line names the reason and its fix', () => {
    const d = judgeLineTest({ ...ok, registered: false, dataSession: false, line: facts({ state: 3, stopReason: 'NO_REALNAME' }).line });
    expect(d.checks[0]!.verdict).toContain('未实名停机');
    expect(d.checks[0]!.fix?.text).toBe('去实名');
  });

  it('a data-used-up line offers the refuel that brings it back', () => {
    const d = judgeLineTest({ ...ok, dataSession: false, line: facts({ pkg: { totalKb: GB, remainingKb: 0 } }).line });
    expect(d.checks[1]!.fix?.text).toBe('订购加油包');
  });
});

describe('small words', () => {
  it.each([
    [30_000, '刚刚'],
    [5 * 60_000, '5 分钟前'],
    [3 * 3600_000, '3 小时前'],
    [2 * 86_400_000, '2 天前'],
  ])('%i ms ago → %s', (ms, words) => expect(ago(new Date(now.getTime() - ms).toISOString(), now)).toBe(words));
  it('dBm with a real minus sign', () => expect(formatDbm(-115.4)).toBe('−115 dBm'));
});
