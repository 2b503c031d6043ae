import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trustProxy';

describe('TRUST_PROXY names what may be believed of X-Forwarded-For', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 172.16.0.0/12', ['10.0.0.0/8', '172.16.0.0/12']],
    ['::1,fd00::/8', ['::1', 'fd00::/8']],
  ] as const)('%j → %j', (raw, expected) => expect(parseTrustProxy(raw)).toEqual(expected));

  it.each([
    ['true', /not trust every/],
    ['*', /not trust every/],
    ['11', /more than 10/],
    ['nginx', /not an address or CIDR: nginx/],
    ['10.0.0.0/33', /not an address or CIDR/],
    ['10.0.0.1, 300.1.1.1', /300\.1\.1\.1/],
  ])('%j is refused at start-up', (raw, message) => expect(() => parseTrustProxy(raw)).toThrow(message));
});
