import { describe, expect, it } from 'vitest';
import { PRIVATE_REFUSED, addressProblem, isPrivateAddress } from './address';

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['0.0.0.0', true],
    ['10.1.2.3', true],
    ['100.64.0.1', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['169.254.169.254', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['203.0.114.7', false],
    ['::1', true],
    ['::', true],
    ['[::1]', true],
    ['fe80::1', true],
    ['fd12:3456::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['::ffff:7f00:1', true],
    ['2400:3200::1', false],
    ['not-an-address', true],
  ])('%s → %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });
});

describe('addressProblem', () => {
  const production = { httpsOnly: true, privateAllowed: false };
  const privateLine = { httpsOnly: true, privateAllowed: true };
  const development = { httpsOnly: false, privateAllowed: true };
  const names: Record<string, string[]> = {
    'api.carrier.example': ['203.0.114.7'],
    'inside.example': ['203.0.114.7', '10.0.0.5'],
    'metadata.example': ['169.254.169.254'],
  };
  const resolve = async (host: string) => {
    const found = names[host];
    if (!found) throw new Error('ENOTFOUND');
    return found;
  };
  it.each([
    ['https, public address', 'https://203.0.114.7/api', production, null],
    ['https, a name resolving to a public address', 'https://api.carrier.example', production, null],
    ['http in production', 'http://api.carrier.example', production, /须以 https:\/\/ 开头/],
    ['http on a private line still needs https', 'http://10.0.0.5', privateLine, /须以 https:\/\/ 开头/],
    ['loopback', 'https://127.0.0.1:4310/exfil', production, PRIVATE_REFUSED],
    ['IPv6 loopback', 'https://[::1]/', production, PRIVATE_REFUSED],
    ['link-local (cloud metadata)', 'https://169.254.169.254/latest', production, PRIVATE_REFUSED],
    ['private', 'https://192.168.0.10', production, PRIVATE_REFUSED],
    ['a name resolving to metadata', 'https://metadata.example', production, /解析到内网地址/],
    ['a name with one private address among public ones', 'https://inside.example', production, /解析到内网地址/],
    ['a name that does not resolve', 'https://nowhere.example', production, /无法解析/],
    ['user and password in the address', 'https://u:p@api.carrier.example', production, /用户名或密码/],
    ['private allowed by the deployment', 'https://10.0.0.5', privateLine, null],
    ['a developer’s machine: http loopback', 'http://127.0.0.1:4310', development, null],
    ['not an address', 'https://', production, /格式不正确/],
  ])('%s', async (_, url, rule, expected) => {
    const problem = await addressProblem(url, rule, resolve);
    if (expected === null) expect(problem).toBeNull();
    else if (typeof expected === 'string') expect(problem).toBe(expected);
    else expect(problem).toMatch(expected);
  });
});
