import { describe, expect, it } from 'vitest';
import type { CarrierAccountRow, CarrierKindRow } from '@portal/contract/admin';
import { errorRateText, roundText, fieldRequired, initialValues, limitText, toCreateBody, toTestBody, toUpdateBody } from './accountForm';

const KIND: CarrierKindRow = {
  kind: 'ctwing',
  label: '中国电信 5GCMP',
  network_label: '中国电信',
  default_base_url: 'https://x',
  platform_calls_per_second: 5,
  fields: [
    { name: 'app_key', label: 'AppKey', secret: false, required: true, choices: null },
    { name: 'secret', label: 'SecretKey', secret: true, required: true, choices: null },
    { name: 'apn', label: 'APN', secret: false, required: false, choices: null },
  ],
};
const ACCOUNT = {
  id: 3,
  name: 'a',
  carrier: 'ctwing',
  base_url: 'https://y',
  calls_per_second: 2,
  settings: { app_key: 'ak' },
  secrets_set: ['secret'],
} as unknown as CarrierAccountRow;

describe('the carrier account form', () => {
  it('starts an edit from the non-secret settings: no secret is known to the console', () => {
    expect(initialValues(ACCOUNT)).toEqual({
      name: 'a',
      carrier: 'ctwing',
      base_url: 'https://y',
      calls_per_second: 2,
      fields: { app_key: 'ak' },
    });
    expect(initialValues(null)).toEqual({ calls_per_second: 0, fields: {} });
  });

  it('a secret already set is not required on an edit; it is on a new account', () => {
    expect(fieldRequired(ACCOUNT, KIND.fields[1]!)).toBe(false);
    expect(fieldRequired(null, KIND.fields[1]!)).toBe(true);
    expect(fieldRequired(ACCOUNT, KIND.fields[0]!)).toBe(true);
    expect(fieldRequired(ACCOUNT, KIND.fields[2]!)).toBe(false);
  });

  it('sends every field of the kind, trimmed, and only those', () => {
    const v = {
      name: ' 电信 ',
      carrier: 'ctwing',
      base_url: ' ',
      calls_per_second: null,
      fields: { app_key: ' ak ', stray: 'x' },
      reason: ' 新接入 ',
    };
    expect(toCreateBody(KIND, v)).toEqual({
      name: '电信',
      carrier: 'ctwing',
      base_url: '',
      calls_per_second: 0,
      fields: { app_key: 'ak', secret: '', apn: '' },
      reason: '新接入',
      confirm_failed_test: false,
    });
    // 仍然保存 after a failed test: the server is told, or it refuses the save
    expect(toCreateBody(KIND, { ...v, confirm_failed_test: true }).confirm_failed_test).toBe(true);
    expect(toUpdateBody(ACCOUNT, KIND, v)).toEqual({
      id: 3,
      name: '电信',
      base_url: '',
      calls_per_second: 0,
      fields: { app_key: 'ak', secret: '', apn: '' },
      reason: '新接入',
      confirm_failed_test: false,
    });
    expect(toTestBody(ACCOUNT, KIND, { fields: { secret: 's' } })).toEqual({
      id: 3,
      base_url: '',
      fields: { app_key: '', secret: 's', apn: '' },
    });
    expect(toTestBody(null, KIND, {})).toMatchObject({ carrier: 'ctwing' });
  });

  it('reads the figures', () => {
    expect(errorRateText(null)).toBe('—');
    expect(errorRateText(0)).toBe('0%');
    expect(errorRateText(0.025)).toBe('2.5%');
    expect(errorRateText(0.25)).toBe('25%');
    expect(limitText({ limit_per_second: 5, platform_limit_per_second: 5 })).toBe('5 次/秒');
    expect(limitText({ limit_per_second: 2, platform_limit_per_second: 5 })).toBe('2 次/秒（平台 5）');
    expect(limitText({ limit_per_second: null, platform_limit_per_second: null })).toBe('—');
    // when, in Beijing time, and what it read: a round that read nothing never reads as a success
    const round = (last_round_at: string | null, last_round_cards: number, last_round_failed: number) =>
      roundText({ last_round_at, last_round_cards, last_round_failed });
    expect(round(null, 0, 0)).toBe('尚未同步');
    expect(round('2026-03-01T11:59:30Z', 12, 0)).toBe('2026-03-01 19:59:30（读取 12 张）');
    expect(round('2026-03-01T11:48:00Z', 0, 5)).toBe('2026-03-01 19:48:00（读取 0 张，失败 5 张）');
    expect(round('2026-03-01T09:00:00Z', 10, 2)).toBe('2026-03-01 17:00:00（读取 10 张，失败 2 张）');
  });
});
