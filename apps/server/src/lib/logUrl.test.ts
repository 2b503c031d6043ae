import { describe, expect, it } from 'vitest';
import { maskedUrl } from './logUrl';

describe('maskedUrl', () => {
  it.each([
    ['no query', '/api/v1/card/bind_list', '/api/v1/card/bind_list'],
    ['a console search by mobile', '/api/admin/cards?mobile=13800138000&limit=50', '/api/admin/cards?mobile=***&limit=50'],
    ['a card number', '/api/v2/card/info?custom_num=1000000001', '/api/v2/card/info?custom_num=***'],
    ['an ICCID under another name', '/api/x?foo=89860119000000000020', '/api/x?foo=***'],
    ['an ID number', '/api/x?id_number=11010519491231002X', '/api/x?id_number=***'],
    ['a token', '/qr?token=DemoBox-1000000020-bind-token-01&mark=demo', '/qr?token=***&mark=demo'],
    ['a long opaque value', '/api/x?state=abcdefghijklmnopqrstuvwxyz', '/api/x?state=***'],
    ['an encoded mobile', '/api/x?who=%31%33%38%30%30%31%33%38%30%30%30', '/api/x?who=***'],
    ['harmless values stay', '/api/admin/orders?state=paid&page=2&days=30', '/api/admin/orders?state=paid&page=2&days=30'],
    ['a key without a value', '/api/x?flag&mobile=', '/api/x?flag&mobile='],
    ['a malformed escape', '/api/x?mobile=%E0%A4%A', '/api/x?mobile=***'],
  ])('%s', (_n, url, want) => {
    expect(maskedUrl(url)).toBe(want);
  });
});
