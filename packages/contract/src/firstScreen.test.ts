import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIE, firstScreenCookieValue, firstScreenHolderOf, type FirstScreenHolder } from './firstScreen';

const TOKEN = 'eatGHW-UfMIrGVranSa10WrXi1brOFbasDpXHBhyOCU';
const holder: FirstScreenHolder = { token: TOKEN, customNum: '1000000001', mark: 'demo' };

describe('the first screen cookie', () => {
  it.each<[string, FirstScreenHolder, string | undefined]>([
    ['a session with a card', holder, `${TOKEN}.1000000001.demo`],
    ['no card yet, no mark', { ...holder, customNum: '', mark: '' }, `${TOKEN}..`],
    ['a token with a dot', { ...holder, token: `${TOKEN}.x` }, undefined],
    ['a token too short', { ...holder, token: 'abc' }, undefined],
    ['a card number with a separator', { ...holder, customNum: '1000;x=1' }, undefined],
    ['a mark with a space', { ...holder, mark: 'de mo' }, undefined],
  ])('%s: its value', (_, h, value) => {
    expect(firstScreenCookieValue(h)).toBe(value);
  });

  it.each<[string, string | undefined, FirstScreenHolder | undefined]>([
    ['none', undefined, undefined],
    ['other cookies only', 'a=1; b=2', undefined],
    ['the value alone', `${FIRST_SCREEN_COOKIE}=${TOKEN}.1000000001.demo`, holder],
    ['among others', `a=1; ${FIRST_SCREEN_COOKIE}=${TOKEN}.1000000001.demo; b=2`, holder],
    ['a longer name that starts the same', `${FIRST_SCREEN_COOKIE}x=${TOKEN}.1000000001.demo`, undefined],
    ['a field too many', `${FIRST_SCREEN_COOKIE}=${TOKEN}.1000000001.demo.x`, undefined],
    ['a field too few', `${FIRST_SCREEN_COOKIE}=${TOKEN}.1000000001`, undefined],
    ['a token that is not one', `${FIRST_SCREEN_COOKIE}=<script>.1000000001.demo`, undefined],
    ['emptied (a logout)', `${FIRST_SCREEN_COOKIE}=`, undefined],
  ])('%s: the holder read', (_, header, read) => {
    expect(firstScreenHolderOf(header)).toEqual(read);
  });

  it('reads back what it wrote', () => {
    const value = firstScreenCookieValue(holder)!;
    expect(firstScreenHolderOf(`${FIRST_SCREEN_COOKIE}=${value}`)).toEqual(holder);
  });
});
