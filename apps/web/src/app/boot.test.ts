import { describe, expect, it } from 'vitest';
import { createTypedStorage, LOCAL_CODECS, memoryStorage } from '../lib/storage';
import { rememberLanding } from './boot';

const store = () => createTypedStorage(memoryStorage(), LOCAL_CODECS);
const CHROME = 'Mozilla/5.0 (Linux; Android 14) Chrome/130 Mobile Safari/537.36';

describe('rememberLanding', () => {
  it.each([
    ['https://h5.example.com/?mark=acme', 'acme'],
    ['https://h5.example.com/login?mark=acme_2&login_model=account', 'acme_2'],
    ['https://h5.example.com/?mark=%3Cscript%3E', undefined],
    ['https://h5.example.com/', undefined],
  ])('%s stores mark %s', (href, mark) => {
    const s = store();
    rememberLanding(new URL(href), CHROME, s);
    expect(s.get('mark')).toBe(mark);
  });

  it('keeps an earlier mark when the URL has none', () => {
    const s = store();
    s.set('mark', 'acme');
    rememberLanding(new URL('https://h5.example.com/mine'), CHROME, s);
    expect(s.get('mark')).toBe('acme');
  });

  it.each([
    ['?isApp=1', true],
    ['?isApp=true', true],
    ['?isApp=0', false],
    ['', undefined],
  ])('isApp from %s', (search, expected) => {
    const s = store();
    rememberLanding(new URL(`https://h5.example.com/${search}`), CHROME, s);
    expect(s.get('isApp')).toBe(expected);
  });

  it('remembers the first URL and the messaging-app browser', () => {
    const s = store();
    rememberLanding(new URL('https://h5.example.com/flow?x=1'), 'Mozilla/5.0 MicroMessenger/8.0.50', s);
    expect(s.get('firstUrl')).toBe('/flow?x=1');
    expect(s.get('inMessagingApp')).toBe(true);
  });
});
