import { describe, expect, it } from 'vitest';
import { jsSdkSignature, ownPageUrl, urlToSign } from './jsSdk';

describe('the JS-SDK signature (docs/decisions/0049-wechat-js-sdk.md)', () => {
  it("is WeChat's published example, exactly", () => {
    expect(
      jsSdkSignature({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        nonceStr: 'Wm3WZYTPz0wzccnW',
        timestamp: '1414587457',
        url: 'http://mp.weixin.qq.com?params=value',
      }),
    ).toBe('0f9de62fce790f9a083d5c99e95740ceb90c27ed');
  });

  it('signs the URL without its #fragment', () => {
    const base = { ticket: 'T', nonceStr: 'n', timestamp: '1' };
    expect(jsSdkSignature({ ...base, url: 'https://h5.example.com/a?x=1#/b' })).toBe(
      jsSdkSignature({ ...base, url: 'https://h5.example.com/a?x=1' }),
    );
    expect(urlToSign('https://h5.example.com/a#x#y')).toBe('https://h5.example.com/a');
  });

  it('changes with every field', () => {
    const base = { ticket: 'T', nonceStr: 'n', timestamp: '1', url: 'https://h5.example.com/' };
    const sig = jsSdkSignature(base);
    for (const k of Object.keys(base) as (keyof typeof base)[]) expect(jsSdkSignature({ ...base, [k]: `${base[k]}x` })).not.toBe(sig);
  });
});

describe('which pages are signed: the portal’s own only', () => {
  const own = { requestHost: '127.0.0.1:3000', publicOrigin: 'https://h5.example.com', httpsOnly: false };
  it.each([
    ['http://127.0.0.1:3000/member_invite', 'http://127.0.0.1:3000/member_invite'],
    ['http://127.0.0.1:3000/member_invite?mark=demo#top', 'http://127.0.0.1:3000/member_invite?mark=demo'],
    ['https://h5.example.com/payee_confirm?t=abc', 'https://h5.example.com/payee_confirm?t=abc'],
    ['https://H5.example.com/x', 'https://H5.example.com/x'],
  ])('%s → %s', (raw, signed) => expect(ownPageUrl(raw, own)).toBe(signed));

  it.each([
    'https://evil.example.com/member_invite',
    'http://127.0.0.1:3001/member_invite',
    'http://h5.example.com/x', // the public origin is https
    'https://h5.example.com.evil.com/x',
    'https://user:pw@h5.example.com/x',
    'javascript:alert(1)',
    'ftp://127.0.0.1:3000/x',
    '/member_invite',
    '',
    `http://127.0.0.1:3000/${'a'.repeat(2100)}`,
  ])('%s is refused', (raw) => expect(ownPageUrl(raw, own)).toBeNull());

  it('production signs https pages only', () => {
    expect(ownPageUrl('http://127.0.0.1:3000/x', { ...own, httpsOnly: true })).toBeNull();
    expect(ownPageUrl('https://127.0.0.1:3000/x', { ...own, httpsOnly: true })).toBe('https://127.0.0.1:3000/x');
  });
});
