import { describe, expect, it } from 'vitest';
import {
  ALERT_DEFAULTS,
  alertChoiceProblem,
  dataAlertDue,
  expiryAlertDue,
  renewStep,
  thresholdKb,
  type AlertChoice,
  type PackageInForce,
} from './alerts';

const GB = 1024 * 1024;
const choice = (o: Partial<AlertChoice>): AlertChoice => ({ ...ALERT_DEFAULTS, ...o });
const pkg = (o: Partial<PackageInForce>): PackageInForce => ({
  id: 5,
  name: '月包10G',
  package_type: 3,
  total_kb: 10 * GB,
  remaining_kb: 10 * GB,
  started_at: '2026-10-31T16:00:00.000Z',
  expired_at: '2026-11-30T16:00:00.000Z',
  ...o,
});
const END = '2026-11-30T16:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('alert choices', () => {
  it.each([
    ['the defaults', {}, null],
    ['1 %', { threshold_value: 1 }, null],
    ['90 %', { threshold_value: 90 }, null],
    ['0 %', { threshold_value: 0 }, '剩余流量比例请填写1到90之间的整数'],
    ['95 %', { threshold_value: 95 }, '剩余流量比例请填写1到90之间的整数'],
    ['12.5 %', { threshold_value: 12.5 }, '剩余流量比例请填写1到90之间的整数'],
    ['500 MB', { threshold_unit: 'mb', threshold_value: 500 }, null],
    ['0 MB', { threshold_unit: 'mb', threshold_value: 0 }, '剩余流量请填写1到1048576之间的整数（单位MB）'],
    ['2 TB', { threshold_unit: 'mb', threshold_value: 2_097_152 }, '剩余流量请填写1到1048576之间的整数（单位MB）'],
    ['0 days', { expiry_days: 0 }, '到期提醒请选择提前1到30天'],
    ['31 days', { expiry_days: 31 }, '到期提醒请选择提前1到30天'],
    ['30 days', { expiry_days: 30 }, null],
  ] as const)('%s', (_name, o, problem) => expect(alertChoiceProblem(choice(o as Partial<AlertChoice>))).toBe(problem));

  it.each([
    ['percent', 20, 10 * GB, 2 * GB + 0],
    ['percent', 33, 1000, 330],
    ['mb', 500, 10 * GB, 500 * 1024],
  ] as const)('threshold %s %d of %d KB = %d KB', (unit, value, total, kb) => expect(thresholdKb(unit, value, total)).toBe(kb));
});

describe('data alert: due when the remaining data is at or below the threshold, once per package period', () => {
  const on = choice({ data_alert: true, threshold_value: 20 });
  it.each([
    ['alert off', choice({ data_alert: false }), pkg({ remaining_kb: 0 }), null],
    ['no package', on, null, null],
    ['above the share', on, pkg({ remaining_kb: 2 * GB + 1 }), null],
    ['at the share', on, pkg({ remaining_kb: 2 * GB }), 'pkg5@2026-10-31T16:00:00.000Z'],
    ['used up', on, pkg({ remaining_kb: 0 }), 'pkg5@2026-10-31T16:00:00.000Z'],
    ['the next package is a new period', on, pkg({ id: 6, started_at: END, remaining_kb: 1 }), `pkg6@${END}`],
    ['by amount, above', choice({ data_alert: true, threshold_unit: 'mb', threshold_value: 500 }), pkg({ remaining_kb: 501 * 1024 }), null],
    [
      'by amount, below',
      choice({ data_alert: true, threshold_unit: 'mb', threshold_value: 500 }),
      pkg({ remaining_kb: 499 * 1024 }),
      'pkg5@2026-10-31T16:00:00.000Z',
    ],
    ['a package without data', on, pkg({ total_kb: 0, remaining_kb: 0 }), null],
  ] as const)('%s', (_name, c, p, period) => expect(dataAlertDue(c, p)?.period ?? null).toBe(period));
});

describe('expiry alert: from N days before the plan ends until it ends', () => {
  const on = choice({ expiry_alert: true, expiry_days: 3 });
  it.each([
    ['alert off', choice({ expiry_alert: false }), END, '2026-11-29T16:00:00.000Z', null],
    ['no plan', on, null, '2026-11-29T16:00:00.000Z', null],
    ['4 days before', on, END, '2026-11-26T15:59:59.000Z', null],
    ['exactly 3 days before', on, END, '2026-11-27T16:00:00.000Z', 3],
    ['1 day before', on, END, '2026-11-29T16:00:00.000Z', 1],
    ['an hour before', on, END, '2026-11-30T15:00:00.000Z', 1],
    ['ended', on, END, '2026-11-30T16:00:00.000Z', null],
  ] as const)('%s', (_name, c, end, now, daysLeft) => {
    const due = expiryAlertDue(c, end, at(now));
    expect(due?.days_left ?? null).toBe(daysLeft);
    if (due) expect(due.period).toBe(`plan@${END}`);
  });
});

describe('auto-renew: at the plan end, and for top-up packages when the data runs out', () => {
  it.each([
    ['off', false, END, pkg({}), '2026-11-30T16:00:00.000Z', 'none', null],
    ['5 days before', true, END, pkg({}), '2026-11-25T16:00:00.000Z', 'none', null],
    ['3 days before: notice', true, END, pkg({}), '2026-11-27T16:00:00.000Z', 'notice', `plan@${END}`],
    ['2 hours before: notice', true, END, pkg({}), '2026-11-30T14:00:00.000Z', 'notice', `plan@${END}`],
    ['an hour before: renew', true, END, pkg({}), '2026-11-30T15:00:00.000Z', 'renew', `plan@${END}`],
    ['at the end: renew', true, END, pkg({}), END, 'renew', `plan@${END}`],
    ['6 days after, no package in force: renew', true, END, null, '2026-12-06T16:00:00.000Z', 'renew', `plan@${END}`],
    ['8 days after: too late', true, END, null, '2026-12-08T16:00:00.000Z', 'none', null],
    ['no plan ever', true, null, null, END, 'none', null],
    ['basic package used up: waits for the end', true, END, pkg({ remaining_kb: 0 }), '2026-11-20T00:00:00.000Z', 'none', null],
    [
      'top-up used up: renew now',
      true,
      END,
      pkg({ package_type: 7, remaining_kb: 0 }),
      '2026-11-20T00:00:00.000Z',
      'renew',
      'data@pkg5@2026-10-31T16:00:00.000Z+10485760',
    ],
    [
      'top-up nearly used up: notice',
      true,
      END,
      pkg({ package_type: 7, remaining_kb: GB }),
      '2026-11-20T00:00:00.000Z',
      'notice',
      'data@pkg5@2026-10-31T16:00:00.000Z+10485760',
    ],
    [
      'top-up renewed (its data grown) and used up again: a new period',
      true,
      END,
      pkg({ package_type: 7, total_kb: 20 * GB, remaining_kb: 0 }),
      '2026-11-21T00:00:00.000Z',
      'renew',
      'data@pkg5@2026-10-31T16:00:00.000Z+20971520',
    ],
    ['top-up with data: nothing yet', true, END, pkg({ package_type: 8, remaining_kb: 5 * GB }), '2026-11-20T00:00:00.000Z', 'none', null],
  ] as const)('%s', (_name, on, end, p, now, kind, period) => {
    const step = renewStep(on, end, p, at(now));
    expect(step.kind).toBe(kind);
    expect(step.kind === 'none' ? null : step.period).toBe(period);
  });
});
