import { CardState } from '@portal/contract/enums';
import { describe, expect, it } from 'vitest';
import { JASPER_STATUS, JASPER_TARGET_STATUS, bytesToKb, jasperCardState, jasperFailure, jasperSessionOpen } from './unicomJasper';

describe('Control Center SIM status → CardState', () => {
  it.each([
    ['ACTIVATED', CardState.Activated],
    ['DEACTIVATED', CardState.Stopped],
    ['TEST_READY', CardState.Testable],
    ['ACTIVATION_READY', CardState.AllowActivate],
    ['INVENTORY', CardState.Initial],
    ['RETIRED', CardState.Cancelled],
    ['PURGED', CardState.Cancelled],
    ['REPLACED', CardState.Other],
  ] as const)('%s → %i', (status, state) => {
    expect(jasperCardState(status)).toBe(state);
    expect(JASPER_STATUS[status]!.state).toBe(state);
  });

  it('has only the rows tested above', () => {
    expect(Object.keys(JASPER_STATUS)).toHaveLength(8);
  });

  it('reads the name whatever its case or spaces', () => {
    expect(jasperCardState(' activated ')).toBe(CardState.Activated);
  });

  it.each(['ACTIVATED_NAME', 'FRAUD', '', 'ACTIVE', '2'])('an unknown status %j is Other, never a guess', (status) => {
    expect(jasperCardState(status)).toBe(CardState.Other);
  });

  it('stops with DEACTIVATED and resumes with ACTIVATED, the names it reads back', () => {
    expect(jasperCardState(JASPER_TARGET_STATUS.stop)).toBe(CardState.Stopped);
    expect(jasperCardState(JASPER_TARGET_STATUS.resume)).toBe(CardState.Activated);
  });
});

describe('error answers → what the sync engine does', () => {
  it.each([
    // [HTTP status, errorCode, failure]
    [401, '10000001', 'auth'],
    [401, '', 'auth'],
    [403, '', 'auth'],
    [200, '10000001', 'auth'],
    [429, '', 'rate'],
    [429, '40000029', 'rate'],
    [400, '40000029', 'rate'],
    [404, '', 'line'],
    [404, '20000001', 'line'],
    [400, '', 'line'],
    [500, '', 'unavailable'],
    [502, '', 'unavailable'],
    [503, '', 'unavailable'],
    [302, '', 'malformed'],
    [409, '', 'malformed'],
  ] as const)('HTTP %i with code %j → %s', (status, code, failure) => {
    expect(jasperFailure(status, code)).toBe(failure);
  });
});

describe('units and sessions', () => {
  it.each([
    [7 * 1024 * 1024 * 1024, 7 * 1024 * 1024],
    [0, 0],
    [1536, 2],
    [1535, 1],
    ['2048', 2],
    ['', null],
    [-1, null],
    [null, null],
    ['x', null],
  ])('%j bytes → %s KB', (bytes, kb) => {
    expect(bytesToKb(bytes)).toBe(kb);
  });

  it.each([
    [{ dateSessionStarted: '2026-11-27 13:05:09.042+0800', dateSessionEnded: null }, true],
    [{ dateSessionStarted: '2026-11-27 13:05:09.042+0800' }, true],
    [{ dateSessionStarted: '2026-11-27 13:05:09.042+0800', dateSessionEnded: '2026-11-27 14:00:00.000+0800' }, false],
    [{ dateSessionStarted: null, dateSessionEnded: null }, false],
    [{}, false],
  ])('%j is open: %s', (info, open) => {
    expect(jasperSessionOpen(info)).toBe(open);
  });
});
