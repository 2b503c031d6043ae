import { describe, expect, it } from 'vitest';
import { externalChatUrl, safeUrl } from './safeUrl';

describe('safeUrl: configuration never yields a script URL', () => {
  it.each([
    ['https://kf.example.com/chat?x=1', 'https://kf.example.com/chat?x=1'],
    ['http://example.com', 'http://example.com/'],
    ['  https://example.com/a  ', 'https://example.com/a'],
    ['/brand/logo.svg', '/brand/logo.svg'],
    ['javascript:alert(1)', ''],
    ['JavaScript:alert(1)', ''],
    [' javascript:alert(1)', ''],
    ['java\tscript:alert(1)', ''],
    ['data:text/html;base64,PHNjcmlwdD4=', ''],
    ['vbscript:msgbox', ''],
    ['//evil.example.com/x', ''],
    ['weixin://dl/business', ''],
    // docs/decisions/0028: "\\" reads as "/" and tabs / newlines are dropped by browsers
    ['/\\evil.example/x', ''],
    ['/\t/evil.example', ''],
    ['/\r\n/evil.example', ''],
    ['https://example.com\\@evil.example/', ''],
    ['not a url', ''],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('safeUrl(%j) = %j', (input, out) => expect(safeUrl(input)).toBe(out));
});

describe('externalChatUrl', () => {
  it.each([
    ['https://kf.example.com/chat', 'https://kf.example.com/chat'],
    ['http://kf.example.com/chat', ''],
    ['/chat', ''],
    ['//kf.example.com', ''],
    ['javascript:alert(1)', ''],
    ['', ''],
    [null, ''],
  ])('%j → %j', (v, want) => expect(externalChatUrl(v)).toBe(want));
});
