import { describe, expect, it } from 'vitest';
import type { CarrierKind } from '../../integrations/carrier/adapter';
import { parseAccountsFile } from './accountsFile';

const kind: CarrierKind = {
  kind: 'onelink',
  label: '中国移动 OneLink',
  network: 1,
  defaultBaseUrl: 'https://api.iot.10086.cn/v5',
  basePath: '/v5',
  callPrefixes: ['/ec'],
  fields: [
    { name: 'appid', label: 'APPID', secret: false, required: true },
    { name: 'password', label: '密码', secret: true, required: true },
    { name: 'status_list', label: '状态码表', secret: false, required: false, choices: ['ct', 'pb'] },
  ],
  create: () => {
    throw new Error('not built in this test');
  },
};

const secrets: Record<string, string> = { '/run/secrets/pw': 's3cret\n' };
const read = (path: string) => {
  const v = secrets[path];
  if (v === undefined) throw new Error('ENOENT');
  return v;
};
const parse = (value: unknown) => parseAccountsFile(JSON.stringify(value), [kind], read);

describe('CARRIER_ACCOUNTS_FILE', () => {
  it('reads an account with its secret from a file and the default base URL', () => {
    const r = parse([{ name: '移动-华东', carrier: 'onelink', appid: '1000012', password_FILE: '/run/secrets/pw' }]);
    expect(r.problems).toEqual([]);
    expect(r.accounts).toEqual([
      {
        name: '移动-华东',
        carrier: 'onelink',
        baseUrl: 'https://api.iot.10086.cn/v5',
        credentials: { appid: '1000012', password: 's3cret' },
        callsPerSecond: 0,
        enabled: true,
      },
    ]);
  });

  it('takes a base URL without its trailing slash, a lower limit and a choice', () => {
    const r = parse([
      {
        name: 'a',
        carrier: 'onelink',
        base_url: 'http://127.0.0.1:9/v5/',
        appid: '1',
        password: 'p',
        status_list: 'pb',
        calls_per_second: 3,
        enabled: false,
      },
    ]);
    expect(r.problems).toEqual([]);
    expect(r.accounts[0]).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/v5',
      callsPerSecond: 3,
      enabled: false,
      credentials: { status_list: 'pb' },
    });
  });

  it.each([
    ['not JSON', '{', 'not valid JSON'],
    ['not an array', '{}', 'must be a JSON array of accounts'],
  ])('%s', (_n, text, message) => {
    const r = parseAccountsFile(text, [kind], read);
    expect(r.accounts).toEqual([]);
    expect(r.problems[0]).toContain(message);
  });

  it.each([
    ['an entry that is not an object', ['x'], 'entry 1: must be an object'],
    ['no name', [{ carrier: 'onelink', appid: '1', password: 'p' }], 'entry 1: name is required'],
    ['an unknown carrier', [{ name: 'a', carrier: 'cmcc', appid: '1', password: 'p' }], 'entry 1 (a): carrier must be one of onelink'],
    ['a missing secret', [{ name: 'a', carrier: 'onelink', appid: '1' }], 'entry 1 (a): password is required (or password_FILE)'],
    [
      'an unreadable secret file',
      [{ name: 'a', carrier: 'onelink', appid: '1', password_FILE: '/nope' }],
      'entry 1 (a): password_FILE cannot read /nope',
    ],
    [
      'a field given twice',
      [{ name: 'a', carrier: 'onelink', appid: '1', password: 'p', password_FILE: '/run/secrets/pw' }],
      'password is given both',
    ],
    [
      'a bad URL',
      [{ name: 'a', carrier: 'onelink', base_url: 'ftp://x', appid: '1', password: 'p' }],
      'entry 1 (a): base_url must be an http(s) URL',
    ],
    [
      'a base URL that doubles the documented prefix, with the form to write',
      [{ name: 'a', carrier: 'onelink', base_url: 'https://api.iot.10086.cn/v5/v5', appid: '1', password: 'p' }],
      'entry 1 (a): base_url 平台地址的路径「/v5/v5」重复了接口前缀「/v5」：请写成 https://api.iot.10086.cn/v5 这样的形式',
    ],
    [
      'a base URL without the documented prefix',
      [{ name: 'a', carrier: 'onelink', base_url: 'https://api.iot.10086.cn', appid: '1', password: 'p' }],
      '须以接口前缀「/v5」结尾',
    ],
    [
      'a bad limit',
      [{ name: 'a', carrier: 'onelink', appid: '1', password: 'p', calls_per_second: 2.5 }],
      'calls_per_second must be a whole number',
    ],
    [
      'a bad choice',
      [{ name: 'a', carrier: 'onelink', appid: '1', password: 'p', status_list: 'xx' }],
      'status_list must be one of ct, pb',
    ],
    [
      'an unknown field',
      [{ name: 'a', carrier: 'onelink', appid: '1', password: 'p', secret: 'x' }],
      'entry 1 (a): secret is not a field of onelink',
    ],
    [
      'a name used twice',
      [
        { name: 'a', carrier: 'onelink', appid: '1', password: 'p' },
        { name: 'a', carrier: 'onelink', appid: '2', password: 'p' },
      ],
      'entry 2 (a): name is given twice',
    ],
  ])('names the entry and the field: %s', (_n, value, message) => {
    const r = parse(value);
    expect(r.problems.join('\n')).toContain(message);
    expect(r.accounts.length).toBeLessThan((value as unknown[]).length);
  });

  it('reports every problem of every entry at once', () => {
    const r = parse([{ name: 'a', carrier: 'onelink' }, { carrier: 'x' }]);
    expect(r.problems).toEqual([
      'entry 1 (a): appid is required',
      'entry 1 (a): password is required (or password_FILE)',
      'entry 2: name is required, at most 40 characters',
      'entry 2: carrier must be one of onelink',
    ]);
  });

  it('never puts a secret in a message', () => {
    const r = parse([{ name: 'a', carrier: 'onelink', appid: '1', password: 'TOPSECRET', status_list: 'zz' }]);
    expect(r.problems.join('\n')).not.toContain('TOPSECRET');
  });
});
