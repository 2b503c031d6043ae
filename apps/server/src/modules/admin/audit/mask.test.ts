import { describe, expect, it } from 'vitest';
import { MASK, maskSecrets, maskText } from './mask';

const TOKEN = 'Qm9uZC5KYW1lcy5Cb25kLjAwNw_-abcdef12';

describe('maskText', () => {
  it.each([
    ['a payee confirmation path', `/payee_confirm?t=${TOKEN}`, `/payee_confirm?t=${MASK}`],
    [
      'a full link with other parameters',
      `https://h5.example.com/payee_confirm?x=1&t=${TOKEN}#top`,
      `https://h5.example.com/payee_confirm?x=1&t=${MASK}#top`,
    ],
    ['a token parameter', `/cb?access_token=${TOKEN}&page=2`, `/cb?access_token=${MASK}&page=2`],
    ['a signature and a key', '/n?sig=abc&key=def', `/n?sig=${MASK}&key=${MASK}`],
    ['a link inside a sentence', `请打开 /payee_confirm?t=${TOKEN} 确认`, `请打开 /payee_confirm?t=${MASK} 确认`],
    ['a bearer token', `Authorization: Bearer ${TOKEN}`, `Authorization: Bearer ${MASK}`],
    ['harmless parameters stay', '/cards?page=2&status=1', '/cards?page=2&status=1'],
    ['an empty parameter stays', '/payee_confirm?t=', '/payee_confirm?t='],
    ['plain words stay', '退款金额过大，改为部分退款', '退款金额过大，改为部分退款'],
  ])('%s', (_, text, expected) => {
    expect(maskText(text)).toBe(expected);
  });
});

describe('maskSecrets', () => {
  it.each([
    [
      'a withdrawal with its payee link',
      { id: 7, payee_confirm: { path: `/payee_confirm?t=${TOKEN}`, expires_at: '2026-01-01T00:00:00Z' } },
      { id: 7, payee_confirm: { path: `/payee_confirm?t=${MASK}`, expires_at: '2026-01-01T00:00:00Z' } },
    ],
    ['a token field', { confirm_token: TOKEN, amount_fen: 100 }, { confirm_token: MASK, amount_fen: 100 }],
    [
      'secret fields by name',
      { secret: 's3', password: 'p', app_secret: 'x', token: 't' },
      { secret: MASK, password: MASK, app_secret: MASK, token: MASK },
    ],
    [
      'names of secrets and public keys stay (a carrier account’s audit view)',
      { settings: { app_key: 'ak-1' }, secrets_set: ['secret'], credentials_changed: ['password'] },
      { settings: { app_key: 'ak-1' }, secrets_set: ['secret'], credentials_changed: ['password'] },
    ],
    ['an empty secret field stays empty', { token: '' }, { token: '' }],
    ['arrays of links', [`/payee_confirm?t=${TOKEN}`], [`/payee_confirm?t=${MASK}`]],
    ['numbers, booleans, null', { n: 1, b: true, z: null }, { n: 1, b: true, z: null }],
    ['a text (an old row that was not JSON)', `/payee_confirm?t=${TOKEN}`, `/payee_confirm?t=${MASK}`],
  ])('%s', (_, value, expected) => {
    expect(maskSecrets(value)).toEqual(expected);
    expect(JSON.stringify(maskSecrets(value))).not.toContain(TOKEN);
  });
});
