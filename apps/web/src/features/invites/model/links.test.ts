import { describe, expect, it } from 'vitest';
import { inviteFromQuery, inviteLink, popularizeLink } from './links';

describe('share links', () => {
  it('registration carries the mark and the code', () =>
    expect(inviteLink('https://h5.example.com', 'demo', 'ABCD2345')).toBe('https://h5.example.com/bind_user?mark=demo&invite=ABCD2345'));
  it.each([
    ['ABCD2345', 'https://h5.example.com/popularize?mark=acme&invite=ABCD2345'],
    ['', 'https://h5.example.com/popularize?mark=acme'],
  ])('the promotion page with code %s', (code, url) => expect(popularizeLink('https://h5.example.com', 'acme', code)).toBe(url));
  it.each([
    ['?invite=abcd2345', 'ABCD2345'],
    ['?invite=ABCD0000', ''],
    ['?mark=demo', ''],
    ['?invite=%3Cscript%3E', ''],
  ])('%s → %s', (q, code) => expect(inviteFromQuery(q)).toBe(code));
});
