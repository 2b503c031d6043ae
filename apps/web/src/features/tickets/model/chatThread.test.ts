import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@portal/contract';
import { chatTimeLabel, firstUnreadId, lastIdOf, mergeMessages, newClientId, reconnectDelayMs, timeLabelled } from './chatThread';

const m = (id: number, at: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  from: 'holder',
  author: '',
  text: `消息${id}`,
  image: null,
  client_id: `client-${id}`,
  read: false,
  at,
  ...extra,
});

describe('mergeMessages', () => {
  it('keeps one message per id, in id order, the later copy winning', () => {
    const a = m(1, '2026-11-24T01:00:00Z');
    const b = m(3, '2026-11-24T01:02:00Z');
    const c = m(2, '2026-11-24T01:01:00Z');
    const readA = { ...a, read: true };
    expect(mergeMessages([a, b], [c, readA, b]).map((x) => [x.id, x.read])).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });
  it('answers the same thread when nothing is added', () => {
    const t = [m(1, '2026-11-24T01:00:00Z')];
    expect(mergeMessages(t, [])).toBe(t);
  });
});

describe('lastIdOf', () => {
  it.each([
    [[], 0],
    [[m(4, 'x'), m(9, 'y'), m(7, 'z')], 9],
  ])('%#', (t, want) => expect(lastIdOf(t)).toBe(want));
});

describe('chatTimeLabel (China time)', () => {
  const now = new Date('2026-11-24T06:00:00Z'); // 14:00 in China
  it.each([
    ['2026-11-24T05:05:00Z', '13:05'],
    // 23:30 UTC of the 23rd is already the 24th in China
    ['2026-11-23T23:30:00Z', '07:30'],
    ['2026-11-23T05:05:00Z', '昨天 13:05'],
    ['2026-11-20T05:05:00Z', '11-20 13:05'],
    ['2025-12-31T05:05:00Z', '2025-12-31 13:05'],
  ])('%s → %s', (iso, want) => expect(chatTimeLabel(iso, now)).toBe(want));
});

describe('timeLabelled', () => {
  it('labels the first message and any after a gap of five minutes or more', () => {
    const t = [m(1, '2026-11-24T01:00:00Z'), m(2, '2026-11-24T01:04:59Z'), m(3, '2026-11-24T01:09:59Z'), m(4, '2026-11-24T02:00:00Z')];
    expect([...timeLabelled(t)]).toEqual([1, 3, 4]);
  });
});

describe('firstUnreadId', () => {
  it.each([
    ['none unread', [m(1, 'a', { from: 'support', read: true })], null],
    ['the holder’s own do not count', [m(1, 'a'), m(2, 'b', { from: 'support', read: true })], null],
    [
      'the first of support’s unread',
      [m(1, 'a', { from: 'support', read: true }), m(2, 'b', { from: 'support' }), m(3, 'c', { from: 'support' })],
      2,
    ],
  ] as const)('%s', (_n, t, want) => expect(firstUnreadId(t)).toBe(want));
});

describe('newClientId', () => {
  const insecure = (): string => {
    throw new Error('insecure');
  };
  it.each<[string, () => string, RegExp]>([
    ['a UUID keeps its letters and digits', () => '123e4567-e89b-42d3-a456-426614174000', /^123e4567-e89b-42d3-a456-426614174000$/],
    ['short input is padded to 8', () => 'ab', /^ab000000$/],
    ['no secure context: a time and random id', insecure, /^[a-z0-9]{8,}$/],
  ])('%s', (_n, random, want) => expect(newClientId(random)).toMatch(want));
});

describe('reconnectDelayMs', () => {
  it.each([
    [0, 1_000],
    [1, 1_000],
    [2, 2_000],
    [3, 4_000],
    [6, 30_000],
    [20, 30_000],
  ])('after %i failures: %i ms', (n, want) => expect(reconnectDelayMs(n)).toBe(want));
});
