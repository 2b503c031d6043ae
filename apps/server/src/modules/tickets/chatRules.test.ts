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
  const owner = { userId: 5, customNum: '' };
  const key = signStreamKey(secret, owner, 1_000);
  it('opens for its owner until it expires', () => {
    expect(openStreamKey(secret, key, 999)).toEqual(owner);
    expect(openStreamKey(secret, key, 1_000)).toBeNull();
  });
  it.each([
    ['another secret', (k: string) => k, Buffer.alloc(32, 2)],
    [
      'a changed owner',
      (k: string) => `${Buffer.from(JSON.stringify({ u: 6, c: '', e: 1_000 })).toString('base64url')}.${k.split('.')[1]}`,
      secret,
    ],
    ['no signature', (k: string) => k.split('.')[0]!, secret],
    ['a third part', (k: string) => `${k}.x`, secret],
    ['junk', () => 'not-a-key', secret],
  ])('refuses %s', (_name, change, s) => expect(openStreamKey(s, change(key), 0)).toBeNull());
});
