import { describe, expect, it } from 'vitest';
import { nbiTaskTimeout } from './client';
import { LOST_REASON, matchTask, unansweredVerdict, UNANSWERED_GRACE_MS, type Unanswered } from './followUp';

const SENT = '2025-03-01T08:00:00.000Z';
const at = (ms: number) => new Date(Date.parse(SENT) + ms).toISOString();
const SSID = 'Device.WiFi.SSID.1.SSID';
const PASS = 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase';
const wifi: Unanswered = {
  kind: 'wifi',
  parameters: [
    [SSID, 'New'],
    [PASS, null],
  ],
  fileName: '',
  createdAt: SENT,
};

describe('the ?timeout= sent to the NBI stays below the HTTP client’s limit', () => {
  it.each([
    [3000, 10_000, 3000],
    [60_000, 10_000, 8000],
    [9000, 10_000, 8000],
    [5000, 2500, 1000],
    [5000, undefined, 5000],
  ])('task %i, HTTP %s → %i', (task, http, want) => {
    expect(nbiTaskTimeout(task, http)).toBe(want);
  });
});

describe('the task a change sent without an answer is', () => {
  const task = (id: string, name: string, paths: string[], ms = 0, extra = {}) => ({
    _id: id,
    device: 'd',
    name,
    timestamp: at(ms),
    parameterValues: paths.map((p) => [p, 'v', 'xsd:string']),
    ...extra,
  });
  it.each([
    ['the same paths, in any order', [task('a', 'setParameterValues', [PASS, SSID])], [], 'a'],
    ['not another change’s paths', [task('a', 'setParameterValues', [SSID])], [], undefined],
    ['not a refresh', [task('a', 'getParameterValues', [])], [], undefined],
    ['not one another change follows', [task('a', 'setParameterValues', [SSID, PASS])], ['a'], undefined],
    ['not one stored long before it was sent', [task('a', 'setParameterValues', [SSID, PASS], -3_600_000)], [], undefined],
    [
      'the oldest of two alike',
      [task('b', 'setParameterValues', [SSID, PASS], 5), task('a', 'setParameterValues', [SSID, PASS], 1)],
      [],
      'a',
    ],
  ])('%s', (_what, tasks, taken, want) => {
    expect(matchTask(wifi, tasks, new Set(taken))?._id).toBe(want);
  });
  it('a reboot by name, a download by its file', () => {
    expect(matchTask({ ...wifi, kind: 'reboot', parameters: [] }, [task('r', 'reboot', [])], new Set())?._id).toBe('r');
    const dl = { ...wifi, kind: 'firmware' as const, parameters: [], fileName: 'fw-2.bin' };
    expect(matchTask(dl, [task('x', 'download', [], 0, { fileName: 'fw-1.bin' })], new Set())).toBeUndefined();
    expect(matchTask(dl, [task('y', 'download', [], 0, { fileName: 'fw-2.bin' })], new Set())?._id).toBe('y');
  });
});

describe('a change GenieACS no longer holds', () => {
  const leaf = (value: unknown, ms: number) => ({ _value: value, _timestamp: at(ms) });
  const doc = (ssid: unknown, ssidAt: number, passAt: number) => ({
    _id: 'd',
    Device: { WiFi: { SSID: { 1: { SSID: leaf(ssid, ssidAt) } }, AccessPoint: { 1: { Security: { KeyPassphrase: leaf('', passAt) } } } } },
  });
  const now = Date.parse(SENT);
  it.each([
    ['set after it was sent, to its value: applied', doc('New', 2000, 2000), 10_000, 'applied'],
    ['re-read after it was sent but still the old value: not it', doc('Old', 2000, 2000), 10_000, 'pending'],
    ['a parameter not stamped since: not yet', doc('New', 2000, -3_600_000), 10_000, 'pending'],
    ['no trace long after it could be held: lost', doc('Old', -3_600_000, -3_600_000), UNANSWERED_GRACE_MS + 1, 'lost'],
    ['the device unknown now, before the grace: pending', undefined, 10_000, 'pending'],
  ])('%s', (_what, d, after, want) => {
    expect(unansweredVerdict(wifi, d, now + after)).toBe(want);
  });
  it.each([
    ['reboot', { _lastBoot: at(5000) }, 'applied'],
    ['reboot', { _lastBoot: at(-3_600_000) }, 'lost'],
    ['reset', { _lastBootstrap: at(5000) }, 'applied'],
    ['firmware', {}, 'pending'],
  ] as const)('%s %j', (kind, d, want) => {
    expect(unansweredVerdict({ ...wifi, kind, parameters: [] }, { _id: 'd', ...d }, now + UNANSWERED_GRACE_MS + 1)).toBe(want);
  });
  it('says what the holder should do', () => expect(LOST_REASON).toContain('请重新提交'));
});
