import { describe, expect, it } from 'vitest';
import type { AcsSettings } from '../settings';
import { acsServers, parseAcsFile } from './servers';

const none: AcsSettings = {
  url: null,
  username: null,
  passwordFile: null,
  agents: [],
  file: null,
  timeoutMs: 10_000,
  taskTimeoutMs: 3000,
  informIntervalMs: 300_000,
  onlineWindowMs: 900_000,
  maxValueAgeMs: 300_000,
};
const files: Record<string, string> = { '/run/secrets/acs': 'nbi-secret\n', '/etc/portal/acs1.pw': 's1' };
const read = (p: string) => {
  const text = files[p];
  if (text === undefined) throw Object.assign(new Error('nope'), { code: 'ENOENT' });
  return text;
};

describe('the auto-configuration servers of the configuration', () => {
  it('none by default: the simulator alone', () => {
    expect(acsServers(none, read)).toEqual([]);
  });

  it('ACS_URL with a password read from its file (trimmed), limited to agents', () => {
    expect(
      acsServers({ ...none, url: 'http://acs:7557/', username: 'nbi', passwordFile: '/run/secrets/acs', agents: ['demo'] }, read),
    ).toEqual([{ name: 'default', url: 'http://acs:7557', username: 'nbi', password: 'nbi-secret', agents: ['demo'], productClasses: [] }]);
  });

  it('ACS_FILE: several servers, password files beside the JSON, per agent and per model', () => {
    const text = JSON.stringify([
      { name: 'zte', url: 'https://acs1.example.com:7557', username: 'nbi', password_FILE: 'acs1.pw', productClasses: ['MU5001'] },
      { name: 'reseller', url: 'http://10.0.0.2:7557', agents: ['shop2'] },
    ]);
    expect(parseAcsFile(text, '/etc/portal/acs.json', read)).toEqual([
      { name: 'zte', url: 'https://acs1.example.com:7557', username: 'nbi', password: 's1', agents: [], productClasses: ['MU5001'] },
      { name: 'reseller', url: 'http://10.0.0.2:7557', agents: ['shop2'], productClasses: [] },
    ]);
  });

  it.each<[string, unknown, RegExp]>([
    ['not an array', { name: 'x' }, /must be a JSON array/],
    ['no name', [{ url: 'http://a:7557' }], /server 1: "name" is needed/],
    [
      'a name twice',
      [
        { name: 'a', url: 'http://a:7557' },
        { name: 'a', url: 'http://b:7557' },
      ],
      /server 2: the name "a" is used twice/,
    ],
    [
      'a password in the JSON',
      [{ name: 'a', url: 'http://a:7557', username: 'u', password: 'p' }],
      /\(a\): give the password as "password_FILE"/,
    ],
    ['credentials in the URL', [{ name: 'a', url: 'http://u:p@a:7557' }], /\(a\): no credentials in "url"/],
    ['not http', [{ name: 'a', url: 'ftp://a' }], /\(a\): "url" must be http or https/],
    [
      'a password file that cannot be read',
      [{ name: 'a', url: 'http://a:7557', username: 'u', password_FILE: 'missing.pw' }],
      /\(a\): cannot read the password file \/etc\/portal\/missing\.pw \(ENOENT\)/,
    ],
    ['agents not a list', [{ name: 'a', url: 'http://a:7557', agents: 'demo' }], /\(a\): "agents" must be a list of names/],
  ])('refuses %s, naming the entry', (_name, raw, message) => {
    expect(() => parseAcsFile(JSON.stringify(raw), '/etc/portal/acs.json', read)).toThrow(message);
  });

  it('a password file without a user is refused', () => {
    expect(() => acsServers({ ...none, url: 'http://acs:7557', passwordFile: '/run/secrets/acs' }, read)).toThrow(
      /ACS_PASSWORD_FILE is set without ACS_USERNAME/,
    );
  });
});
