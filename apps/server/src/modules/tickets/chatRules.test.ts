import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chatDescriptionOf, chatStatusAfter, openStreamKey, resumeAfter, signStreamKey, sseFrame } from './chatRules';

describe('chatStatusAfter', () => {
  it.each([
    ['support', 'submitted', 'replied'],
    ['support', 'in_progress', 'replied'],
    ['holder', 'replied', 'submitted'],
    ['holder', 'in_progress', 'in_progress'],
    ['holder', 'submitted', 'submitted'],
  ] as const)('%s writes on %s → %s', (sender, current, want) => expect(chatStatusAfter(sender, current)).toBe(want));
});

describe('chatDescriptionOf', () => {
  it.each([
    ['网速很慢', '网速很慢'],
    ['', '[图片]'],
  ])('%j → %s', (text, want) => expect(chatDescriptionOf(text)).toBe(want));
});

describe('resumeAfter', () => {
  it.each([
    [undefined, undefined, 0],
    [undefined, 12, 12],
    ['40', 12, 40],
    [' 41 ', undefined, 41],
    ['abc', 12, 12],
    ['-3', undefined, 0],
    ['1e3', 5, 5],
  ] as const)('Last-Event-ID %j, after %j → %i', (header, after, want) => expect(resumeAfter(header, after)).toBe(want));
});

describe('sseFrame', () => {
  it('writes id, event and one line of JSON data', () => {
    expect(sseFrame({ id: 7, event: 'message', data: { text: '第一行\n第二行' } })).toBe(
      'id: 7\nevent: message\ndata: {"text":"第一行\\n第二行"}\n\n',
    );
    expect(sseFrame({ data: null })).toBe('data: null\n\n');
  });
});

describe('stream keys', () => {
  const secret = Buffer.alloc(32, 1);
  const holder = { owner: { userId: 5, customNum: '' }, sessionId: 41 };
  const key = signStreamKey(secret, holder, 1_000);
  const hmac = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  /** a payload signed with the right secret: only its content is wrong */
  const signed = (p: object) => {
    const payload = Buffer.from(JSON.stringify(p)).toString('base64url');
    return `${payload}.${hmac(payload)}`;
  };
  it('opens for its owner and session until it expires', () => {
    expect(openStreamKey(secret, key, 999)).toEqual(holder);
    expect(openStreamKey(secret, key, 1_000)).toBeNull();
    expect(openStreamKey(secret, signed({ u: 5, c: '', s: 41, e: 1_000 }), 0)).toEqual(holder);
  });
  it.each([
    ['another secret', (k: string) => k, Buffer.alloc(32, 2)],
    [
      'a changed owner',
      (k: string) => `${Buffer.from(JSON.stringify({ u: 6, c: '', s: 41, e: 1_000 })).toString('base64url')}.${k.split('.')[1]}`,
      secret,
    ],
    [
      'a changed session',
      (k: string) => `${Buffer.from(JSON.stringify({ u: 5, c: '', s: 42, e: 1_000 })).toString('base64url')}.${k.split('.')[1]}`,
      secret,
    ],
    ['a key of before 0057, with no session', () => signed({ u: 5, c: '', e: 1_000 }), secret],
    ['a session that is no id', () => signed({ u: 5, c: '', s: 0, e: 1_000 }), secret],
    ['a session that is text', () => signed({ u: 5, c: '', s: '41', e: 1_000 }), secret],
    ['no signature', (k: string) => k.split('.')[0]!, secret],
    ['a third part', (k: string) => `${k}.x`, secret],
    ['junk', () => 'not-a-key', secret],
  ])('refuses %s', (_name, change, s) => expect(openStreamKey(s, change(key), 0)).toBeNull());
});
