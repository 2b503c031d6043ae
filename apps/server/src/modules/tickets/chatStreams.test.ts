import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { ChatStreams, STREAMS_PER_HOLDER, type OpenStream } from './chatStreams';

/** A registry over a fixed set of live sessions; each stream records whether it was ended. */
function registry(max: number, live: Set<number> = new Set([1, 2, 3])) {
  const streams = new ChatStreams(
    { max, recheckMs: 60_000 },
    async (ids) => new Set(ids.filter((id) => live.has(id))),
    () => {},
  );
  const ended: string[] = [];
  const open = (name: string, holder: string, sessionId = 1, userId = 5) => {
    const s: OpenStream = { sessionId, userId, holder, end: () => ended.push(name) };
    const release = streams.admit(s);
    // the stream gives its place back when it ends, as chatRoutes' end() does
    s.end = () => {
      ended.push(name);
      release();
    };
    return release;
  };
  return { streams, ended, open, live };
}

let made: ChatStreams[] = [];
afterEach(() => {
  for (const s of made) s.close();
  made = [];
});

describe('ChatStreams', () => {
  it(`holds ${STREAMS_PER_HOLDER} per holder: the next closes the holder's oldest, not another holder's`, () => {
    const r = registry(100);
    made.push(r.streams);
    r.open('a1', 'A');
    r.open('b1', 'B');
    r.open('a2', 'A');
    r.open('a3', 'A');
    expect(r.ended).toEqual([]);
    r.open('a4', 'A');
    expect(r.ended).toEqual(['a1']);
    r.open('a5', 'A');
    expect(r.ended).toEqual(['a1', 'a2']);
    expect(r.streams.size).toBe(4);
  });

  it.each([
    ['a new holder past the bound is refused', 'C', true],
    ['a holder at their own bound replaces their oldest', 'A', false],
  ])('the process bound: %s', (_, holder, refused) => {
    const r = registry(4);
    made.push(r.streams);
    for (const [name, h] of [
      ['a1', 'A'],
      ['a2', 'A'],
      ['a3', 'A'],
      ['b1', 'B'],
    ] as const)
      r.open(name, h);
    if (refused) {
      expect(() => r.open('x', holder)).toThrow(AppError);
      expect(r.ended).toEqual([]);
    } else {
      r.open('x', holder);
      expect(r.ended).toEqual(['a1']);
    }
    expect(r.streams.size).toBe(4);
  });

  it('a released place is free again', () => {
    const r = registry(1);
    made.push(r.streams);
    const release = r.open('a1', 'A');
    expect(() => r.open('b1', 'B')).toThrow(AppError);
    release();
    r.open('b1', 'B');
    expect(r.streams.size).toBe(1);
  });

  it.each([
    ['the session that ended', { sessionId: 2 }, ['s2']],
    ['the user whose sessions ended (only those no longer live)', { userId: 7 }, ['s2']],
    ['another user: nothing checked', { userId: 8 }, []],
  ])('sessions ended: %s', async (_, ended, expected) => {
    const r = registry(100, new Set([1, 3]));
    made.push(r.streams);
    r.open('s1', 'A', 1, 7);
    r.open('s2', 'B', 2, 7);
    r.open('s3', 'C', 3, 9);
    await r.streams.sessionsEnded(ended);
    expect(r.ended).toEqual(expected);
  });

  it('the periodic re-check ends every stream whose session no longer lives', async () => {
    const r = registry(100);
    made.push(r.streams);
    r.open('s1', 'A', 1);
    r.open('s2', 'B', 2);
    r.live.delete(1);
    await r.streams.recheck(() => true);
    expect(r.ended).toEqual(['s1']);
    expect(r.streams.size).toBe(1);
  });
});
