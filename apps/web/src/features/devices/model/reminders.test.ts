import { describe, expect, it } from 'vitest';
import { deviceReminders, renewedUntilOf, type DeviceFacts } from './reminders';

// 2026-11-23 12:00 China time
const NOW = new Date('2026-11-23T04:00:00Z');
const GB = 1024 * 1024;

/** A healthy device: activated, real-named card, a package with plenty left that ends in a month, online. */
function facts(
  over: {
    card?: Partial<DeviceFacts['card']>;
    pkg?: Partial<NonNullable<DeviceFacts['pkg']>> | null;
    device?: Partial<DeviceFacts['device']>;
    renewedUntil?: string;
  } = {},
): DeviceFacts {
  return {
    card: { state: 1, supplier_auth_state: true, card_extensions: { fake_real_name: false }, ...over.card },
    pkg:
      over.pkg === null
        ? null
        : {
            name: '5G CPE 300G月包',
            total_kb: 300 * GB,
            remaining_kb: 200 * GB,
            // exclusive end: the last valid day is 2026-12-31
            expired_at: '2026-12-31T16:00:00.000Z',
            valid_until: '2026-12-31',
            ...over.pkg,
          },
    device: { online: true, online_changed_at: '2026-11-20T00:00:00.000Z', back_online_at: null, ...over.device },
    renewedUntil: over.renewedUntil,
    now: NOW,
  };
}

const kinds = (f: DeviceFacts) => deviceReminders(f).map((r) => r.kind);

describe('deviceReminders', () => {
  it('has nothing to say about a healthy device', () => {
    expect(deviceReminders(facts())).toEqual([]);
  });

  it.each([
    ['not real-named', facts({ card: { supplier_auth_state: false } }), ['realName']],
    ['a fake real-name flag', facts({ card: { card_extensions: { fake_real_name: true } } }), ['realName']],
    ['no package in force', facts({ pkg: null }), ['noPackage']],
    // last valid day 2026-11-30: 7 days left → reminded; 8 days left → not yet
    ['a package ending in 7 days', facts({ pkg: { expired_at: '2026-11-30T16:00:00.000Z', valid_until: '2026-11-30' } }), ['expiring']],
    ['a package ending in 8 days', facts({ pkg: { expired_at: '2026-12-01T16:00:00.000Z', valid_until: '2026-12-01' } }), []],
    ['a package ending today', facts({ pkg: { expired_at: '2026-11-23T16:00:00.000Z', valid_until: '2026-11-23' } }), ['expiring']],
    // a renewal bought and queued after it covers December: nothing to renew yet
    [
      'a package ending in 7 days, renewed to 2026-12-31',
      facts({ pkg: { expired_at: '2026-11-30T16:00:00.000Z', valid_until: '2026-11-30' }, renewedUntil: '2026-12-31' }),
      [],
    ],
    [
      'a package ending in 2 days, renewed only to 2026-11-28',
      facts({ pkg: { expired_at: '2026-11-25T16:00:00.000Z', valid_until: '2026-11-25' }, renewedUntil: '2026-11-28' }),
      ['expiring'],
    ],
    ['less than a tenth left', facts({ pkg: { remaining_kb: 29 * GB } }), ['dataLow']],
    ['exactly a tenth left', facts({ pkg: { remaining_kb: 30 * GB } }), []],
    ['nothing left', facts({ pkg: { remaining_kb: 0 } }), ['dataOut']],
    ['reached its data cap (card state 4)', facts({ card: { state: 4 } }), ['dataOut']],
    ['stopped (card state 3)', facts({ card: { state: 3 } }), ['stopped']],
    ['offline', facts({ device: { online: false } }), ['offline']],
    ['rebooting (offline for a moment)', facts({ device: { online: false, back_online_at: '2026-11-23T04:01:00.000Z' } }), []],
    [
      'several at once, most serious first',
      facts({ card: { supplier_auth_state: false }, pkg: { remaining_kb: GB }, device: { online: false } }),
      ['realName', 'dataLow', 'offline'],
    ],
  ])('%s', (_, f, expected) => {
    expect(kinds(f)).toEqual(expected);
  });

  it('a cancelled card is all there is to say', () => {
    const [r, ...rest] = deviceReminders(facts({ card: { state: 6, supplier_auth_state: false }, device: { online: false } }));
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ kind: 'cancelled', level: 'danger', action: { text: '联系客服' } });
  });

  it('each reminder says what to do: 去实名 on the current card, 去续订 in the device area, 查看设备', () => {
    const [realName] = deviceReminders(facts({ card: { supplier_auth_state: false } }));
    expect(realName.action).toEqual({ text: '去实名', to: '/remind', asCurrentCard: true });
    const [expiring] = deviceReminders(facts({ pkg: { expired_at: '2026-11-25T16:00:00.000Z', valid_until: '2026-11-25' } }));
    expect(expiring).toMatchObject({ title: '套餐还剩2天到期', action: { text: '去续订', to: '/cpe_combo' } });
    expect(expiring.text).toContain('有效期至 2026-11-25');
    const [offline] = deviceReminders(facts({ device: { online: false } }));
    expect(offline).toMatchObject({ title: '设备已离线', action: { text: '查看设备', to: '/cpe' } });
    expect(offline.text).toContain('2026-11-20');
  });
});

describe('renewedUntilOf', () => {
  it('is the day before the latest day a queued base package would start; "" when nothing queues', () => {
    expect(
      renewedUntilOf([
        { kind: 'queued', first_day: '2026-12-01' },
        { kind: 'queued', first_day: '2027-01-01' },
        { kind: 'stacks', first_day: '2026-11-23' },
        null,
      ]),
    ).toBe('2026-12-31');
    expect(renewedUntilOf([{ kind: 'queued', first_day: '2026-03-01' }])).toBe('2026-02-28');
    expect(
      renewedUntilOf([
        { kind: 'starts_now', first_day: '2026-11-23' },
        { kind: 'refused', first_day: '' },
      ]),
    ).toBe('');
    expect(renewedUntilOf([])).toBe('');
  });
});
