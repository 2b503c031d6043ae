import { describe, expect, it } from 'vitest';
import { CardState, PackageType } from '@portal/contract/enums';
import {
  lineView,
  planInForce,
  purchaseNote,
  queuedPlans,
  restoresToday,
  type LineFacts,
  type LinePackageRow,
  type LineView,
} from './line';

const NOW = new Date('2026-11-15T04:00:00Z');
const GB = 1024 * 1024;
const month: LinePackageRow = {
  id: 1,
  name: '畅享30G月包',
  package_type: PackageType.Basic,
  total_kb: 30 * GB,
  started_at: '2026-10-31T16:00:00.000Z',
  expired_at: '2026-11-30T16:00:00.000Z',
};
const nextMonth: LinePackageRow = { ...month, id: 2, started_at: month.expired_at, expired_at: '2026-12-31T16:00:00.000Z' };

function facts(o: Partial<LineFacts> = {}): LineFacts {
  return {
    now: NOW,
    state: CardState.Activated,
    stopReason: '',
    realNamed: true,
    needChangeCard: false,
    balanceFen: 2000,
    plan: month,
    queued: [],
    usage: { todayKb: 100, monthKb: 5 * GB, planKb: 5 * GB },
    syncedAt: '2026-11-15T03:55:00.000Z',
    resumeRequestedAt: '',
    apn: null,
    // a Unicom SIM (issuer code 01) on a Unicom platform account
    iccid: '89860117000000000001',
    accountCarrier: 2,
    ...o,
  };
}

/** Fields that must never contradict each other, whatever the facts. */
function expectConsistent(v: LineView): void {
  if (v.problem === null) {
    expect(v.in_service).toBe(true);
    expect(v.stop_reason).toBeNull();
    expect(v.plan).not.toBeNull();
    expect(v.plan!.remaining_kb).toBeGreaterThan(0);
    expect(v.real_named).toBe(true);
    expect(v.needs).toBeNull();
  }
  if (v.stop_reason) expect(['stopped', 'restoring', 'cancelled', 'replace_card', 'wrong_platform']).toContain(v.problem?.code);
  // the stop reason and the problem it causes say the same and offer the same fix
  if (v.problem?.code === 'stopped' && v.stop_reason) {
    expect(v.problem.fix).toEqual(v.stop_reason.fix);
    expect(v.problem.detail).toBe(v.stop_reason.detail);
  }
  if (v.stop_reason?.code === 'data_used_up' && !v.restoring && v.plan) expect(v.plan.remaining_kb).toBe(0);
  if (v.plan && v.plan.remaining_kb > 0) expect(v.problem?.code).not.toBe('data_used_up');
  if (!v.purchasable) {
    expect(v.needs).toBeNull();
    expect(['buy_package', 'buy_refuel', 'recharge']).not.toContain(v.problem?.fix?.kind);
  }
  if (v.needs === 'refuel') expect(v.plan).not.toBeNull();
  if (v.needs !== null) expect(['buy_package', 'buy_refuel', 'recharge']).toContain(v.problem?.fix?.kind);
  if (v.problem?.fix?.kind === 'buy_refuel') expect(v.plan).not.toBeNull();
  // a card to replace says so first, then a card its platform cannot serve; otherwise a line being resumed says that
  if (v.restoring) expect(['restoring', 'replace_card', 'wrong_platform']).toContain(v.problem?.code);
}

describe('the plan in force and the queue', () => {
  it('takes the latest started plan that has not ended, and queues the later ones', () => {
    const ended = { ...month, id: 9, started_at: '2026-09-30T16:00:00.000Z', expired_at: '2026-10-31T16:00:00.000Z' };
    expect(planInForce([ended, month, nextMonth], NOW)?.id).toBe(1);
    expect(queuedPlans([ended, month, nextMonth], NOW).map((p) => p.id)).toEqual([2]);
    expect(planInForce([ended], NOW)).toBeNull();
  });
});

describe('one verdict and one fix per line situation', () => {
  it.each([
    // [case, facts, problem code, fix kind, needs]
    ['healthy', {}, null, null, null],
    ['cancelled, even with a stop reason', { state: CardState.Cancelled, stopReason: 'ARREARS' }, 'cancelled', 'customer', null],
    ['needs a new card', { needChangeCard: true }, 'replace_card', 'replace_card', null],
    // a card on another carrier's platform (docs/decisions/0071): its stored state is no platform's word now
    ['a Unicom SIM on a China Mobile platform account', { accountCarrier: 1 }, 'wrong_platform', 'customer', null],
    [
      'on the wrong platform, whatever the stored stop',
      { accountCarrier: 3, state: CardState.Stopped, stopReason: 'FLOW_LIMIT' },
      'wrong_platform',
      'customer',
      null,
    ],
    ['on the wrong platform, out of data by the stored figures', { accountCarrier: 1, plan: null }, 'wrong_platform', 'customer', null],
    ['cancelled wins over the wrong platform', { accountCarrier: 1, state: CardState.Cancelled }, 'cancelled', 'customer', null],
    ['the simulator names no carrier', { accountCarrier: null }, null, null, null],
    ['an ICCID whose issuer code does not tell', { accountCarrier: 1, iccid: '8944000000000000001' }, null, null, null],
    ['a 广电 SIM names no platform carrier', { accountCarrier: 1, iccid: '89861500000000000001' }, null, null, null],
    ['a Telecom SIM on a Telecom account', { accountCarrier: 3, iccid: '89860317000000000001' }, null, null, null],
    ['stopped for arrears', { state: CardState.Stopped, stopReason: 'ARREARS', balanceFen: 0 }, 'stopped', 'recharge', 'recharge'],
    ['stopped, data used up, plan in force', { state: CardState.Stopped, stopReason: 'FLOW_LIMIT' }, 'stopped', 'buy_refuel', 'refuel'],
    [
      'stopped, data used up, no plan',
      { state: CardState.Stopped, stopReason: 'FLOW_LIMIT', plan: null },
      'stopped',
      'buy_package',
      'package',
    ],
    ['disconnected at the limit (state 4)', { state: CardState.ReachedDisconnect }, 'stopped', 'buy_refuel', 'refuel'],
    ['stopped, plan expired', { state: CardState.Stopped, stopReason: 'PLAN_EXPIRED', plan: null }, 'stopped', 'buy_package', 'package'],
    ['stopped, not real-named', { state: CardState.Stopped, stopReason: 'NO_REALNAME', realNamed: false }, 'stopped', 'real_name', null],
    ['stopped, SIM-device separation', { state: CardState.Stopped, stopReason: 'IMEI_LOCK' }, 'stopped', 'customer', null],
    ['stopped, region limit', { state: CardState.Stopped, stopReason: 'REGION_LIMIT' }, 'stopped', 'customer', null],
    ['stopped on request', { state: CardState.Stopped, stopReason: 'USER_REQUEST' }, 'stopped', 'customer', null],
    ['stopped by the carrier', { state: CardState.Stopped, stopReason: 'RISK_CONTROL' }, 'stopped', 'customer', null],
    ['stopped, reason unknown', { state: CardState.Stopped, stopReason: '' }, 'stopped', 'customer', null],
    [
      'data used up, paid, carrier asked to resume',
      { state: CardState.Stopped, stopReason: 'FLOW_LIMIT', resumeRequestedAt: NOW.toISOString() },
      'restoring',
      'refresh',
      null,
    ],
    [
      'arrears, recharged, carrier asked to resume',
      { state: CardState.Stopped, stopReason: 'ARREARS', resumeRequestedAt: NOW.toISOString() },
      'restoring',
      'refresh',
      null,
    ],
    [
      'a resume request does not paper over a stop no payment fixes',
      { state: CardState.Stopped, stopReason: 'IMEI_LOCK', resumeRequestedAt: NOW.toISOString() },
      'stopped',
      'customer',
      null,
    ],
    ['not activated yet', { state: CardState.Initial }, 'not_activated', 'customer', null],
    ['state "other"', { state: CardState.Other }, 'stopped', 'customer', null],
    ['not real-named', { realNamed: false }, 'not_real_named', 'real_name', null],
    ['no plan', { plan: null }, 'no_package', 'buy_package', 'package'],
    ['no plan, one queued', { plan: null, queued: [nextMonth] }, 'no_package', 'buy_package', 'package'],
    ['data used up by the figures', { usage: { todayKb: 0, monthKb: 31 * GB, planKb: 31 * GB } }, 'data_used_up', 'buy_refuel', 'refuel'],
    ['in debt', { balanceFen: -100 }, 'arrears', 'recharge', 'recharge'],
    ['wrong APN', { apn: { current: 'cmnet', expected: 'unim2m.njm2mapn' } }, 'apn', 'customer', null],
    ['right APN', { apn: { current: 'ctnet', expected: 'ctnet' } }, null, null, null],
    ['testable period', { state: CardState.Testable }, null, null, null],
  ] as const)('%s', (_case, o, code, fixKind, needs) => {
    const v = lineView(facts(o as Partial<LineFacts>));
    expect(v.problem?.code ?? null).toBe(code);
    expect(v.problem?.fix?.kind ?? null).toBe(fixKind);
    expect(v.needs).toBe(needs);
    expectConsistent(v);
  });

  it('every stop reason × card state × package situation × payment state is consistent', () => {
    const reasons = [
      '',
      'ARREARS',
      'FLOW_LIMIT',
      'IMEI_LOCK',
      'NO_REALNAME',
      'PLAN_EXPIRED',
      'REGION_LIMIT',
      'USER_REQUEST',
      'RISK_CONTROL',
      '??',
    ];
    const plans: [LinePackageRow | null, LinePackageRow[], number][] = [
      [month, [], 5 * GB],
      [month, [], 40 * GB],
      [month, [nextMonth], 5 * GB],
      [null, [], 0],
      [null, [nextMonth], 0],
    ];
    let n = 0;
    for (const state of Object.values(CardState))
      for (const stopReason of reasons)
        for (const [plan, queued, planKb] of plans)
          for (const resumeRequestedAt of ['', NOW.toISOString()])
            for (const needChangeCard of [false, true])
              for (const balanceFen of [-100, 0, 500]) {
                const v = lineView(
                  facts({
                    state,
                    stopReason,
                    plan,
                    queued,
                    usage: { todayKb: 0, monthKb: planKb, planKb },
                    resumeRequestedAt,
                    needChangeCard,
                    balanceFen,
                  }),
                );
                expectConsistent(v);
                n++;
              }
    expect(n).toBe(8 * 10 * 5 * 2 * 2 * 3);
  });

  it('the carrier stopping a line for data wins over figures that still show data left', () => {
    const v = lineView(facts({ state: CardState.Stopped, stopReason: 'FLOW_LIMIT', usage: { todayKb: 0, monthKb: GB, planKb: GB } }));
    expect(v.plan).toMatchObject({ total_kb: 30 * GB, remaining_kb: 0 });
    // once paid for and asked to resume, the figures speak again
    const after = lineView(
      facts({
        state: CardState.Stopped,
        stopReason: 'FLOW_LIMIT',
        usage: { todayKb: 0, monthKb: GB, planKb: GB },
        resumeRequestedAt: NOW.toISOString(),
      }),
    );
    expect(after.plan!.remaining_kb).toBe(29 * GB);
  });
});

describe('what a purchase does for a line that needs data', () => {
  const usedUp = lineView(facts({ state: CardState.Stopped, stopReason: 'FLOW_LIMIT' }));
  const expired = lineView(facts({ state: CardState.Stopped, stopReason: 'PLAN_EXPIRED', plan: null }));
  const queuedOnly = lineView(facts({ plan: null, queued: [nextMonth] }));
  const healthy = lineView(facts());

  it.each([
    ['used up: a refuel', usedUp, PackageType.Refuel, true],
    ['used up: a superposition', usedUp, PackageType.Superposition, true],
    ['used up: a monthly plan only queues', usedUp, PackageType.Basic, false],
    ['expired: a monthly plan starts now', expired, PackageType.Basic, true],
    ['expired: a refuel has nothing to add to', expired, PackageType.Refuel, false],
    ['a plan queued: another monthly queues too', queuedOnly, PackageType.Basic, false],
    ['healthy: nothing to restore', healthy, PackageType.Refuel, false],
  ] as const)('%s', (_case, line, type, restores) => {
    expect(restoresToday(line, type)).toBe(restores);
    const note = purchaseNote(line, type);
    if (restores || line.needs === null) expect(note).toBeNull();
    else expect(note).toMatch(/不能|无法/);
  });
});
