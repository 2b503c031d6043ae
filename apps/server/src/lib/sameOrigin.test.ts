import { describe, expect, it } from 'vitest';
import { fromOwnOrigin, type OriginHeaders } from './sameOrigin';

const HOST = 'portal.example:3000';

describe('a state-changing console request from the console itself', () => {
  it.each<[string, string, OriginHeaders, boolean]>([
    ['a read, whatever it says', 'GET', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, true],
    ['HEAD', 'HEAD', { 'sec-fetch-site': 'cross-site' }, true],
    ['the console: same origin, both headers', 'POST', { origin: 'http://portal.example:3000', 'sec-fetch-site': 'same-origin' }, true],
    ['the console: Origin only (an older browser)', 'POST', { origin: 'http://portal.example:3000' }, true],
    ['the console: Sec-Fetch-Site only', 'POST', { 'sec-fetch-site': 'same-origin' }, true],
    ['the host compared without regard to case', 'POST', { origin: 'http://PORTAL.example:3000' }, true],
    ['a tool that says nothing (curl, a test)', 'POST', {}, true],
    ['typed into the address bar (none)', 'POST', { 'sec-fetch-site': 'none' }, true],
    ['another port of the same host', 'POST', { origin: 'http://portal.example:4000' }, false],
    ['the same host without its port', 'POST', { origin: 'http://portal.example' }, false],
    ['another site', 'POST', { origin: 'https://evil.example' }, false],
    ['a sandboxed frame or a file', 'POST', { origin: 'null' }, false],
    ['garbage', 'POST', { origin: 'not a url' }, false],
    ['another scheme that carries a host', 'POST', { origin: 'ftp://portal.example:3000' }, false],
    ['the same site (another port or subdomain)', 'POST', { 'sec-fetch-site': 'same-site' }, false],
    [
      'another site by Sec-Fetch-Site, whatever Origin says',
      'POST',
      { 'sec-fetch-site': 'cross-site', origin: 'http://portal.example:3000' },
      false,
    ],
    ['a multipart upload from another port', 'POST', { origin: 'http://portal.example:5173', 'sec-fetch-site': 'same-site' }, false],
    ['PUT, PATCH and DELETE are checked too', 'DELETE', { origin: 'https://evil.example' }, false],
    ['PATCH', 'PATCH', { 'sec-fetch-site': 'cross-site' }, false],
    ['two Origin headers', 'POST', { origin: ['http://portal.example:3000', 'https://evil.example'] }, false],
  ])('%s', (_case, method, headers, allowed) => {
    expect(fromOwnOrigin(method, headers, HOST)).toBe(allowed);
  });
});
