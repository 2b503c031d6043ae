import { describe, expect, it } from 'vitest';
import { createTypedStorage, KEY_PREFIX, LOCAL_CODECS, memoryStorage } from './storage';
import { clearAuthAndCardSession, clearCardData, clearOnForcedLogout, clearOnLogout } from './session';

function fresh() {
  const backend = memoryStorage();
  return { backend, store: createTypedStorage(backend, LOCAL_CODECS) };
}

describe('typed storage', () => {
  it.each([
    ['token', 'abc.def'],
    ['customNum', '1000000001'],
    ['mark', 'acme'],
    ['cardLogin', true],
    ['cardLogin', false],
    ['loginModel', 'customNum'],
    ['cardInfo', { custom_num: '1000000001' }],
  ] as const)('round-trips %s = %j', (key, value) => {
    const { store } = fresh();
    store.set(key, value as never);
    expect(store.get(key)).toEqual(value);
  });

  it('stores under a prefix, booleans as 1/0 and objects as JSON', () => {
    const { backend, store } = fresh();
    store.set('cardInfo', { custom_num: '1' } as never);
    store.set('timeout', true);
    expect(backend.getItem(`${KEY_PREFIX}cardInfo`)).toBe('{"custom_num":"1"}');
    expect(backend.getItem(`${KEY_PREFIX}timeout`)).toBe('1');
  });

  it.each([
    ['timeout', 'x'],
    ['cardLogin', 'yes'],
    ['loginModel', 'wechat'],
    ['cardInfo', '{broken'],
  ])('reads a corrupt %s (%s) as absent', (key, raw) => {
    const { backend, store } = fresh();
    backend.setItem(KEY_PREFIX + key, raw);
    expect(store.get(key as keyof typeof LOCAL_CODECS)).toBeUndefined();
  });

  it('removes a key when set to null or undefined', () => {
    const { store } = fresh();
    store.set('token', 't');
    store.set('token', null);
    expect(store.get('token')).toBeUndefined();
  });

  it('notifies subscribers and bumps the version on writes', () => {
    const { store } = fresh();
    let calls = 0;
    const off = store.subscribe(() => calls++);
    const v0 = store.version();
    store.set('mark', 'acme');
    store.remove('mark');
    off();
    store.set('mark', 'demo');
    expect(calls).toBe(2);
    expect(store.version()).toBe(v0 + 3);
  });

  it('survives a storage that throws', () => {
    const throwing = memoryStorage();
    throwing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const store = createTypedStorage(throwing, LOCAL_CODECS);
    expect(() => store.set('token', 't')).not.toThrow();
    expect(store.get('token')).toBeUndefined();
  });
});

describe('session clearing (docs/spec/portal-spec.md §4 and 8)', () => {
  function loggedIn() {
    const f = fresh();
    const s = f.store;
    s.set('token', 't');
    s.set('mobile', '13800138000');
    s.set('customNum', '1000000001');
    s.set('cardInfo', { custom_num: '1000000001' } as never);
    s.set('mark', 'acme');
    s.set('loginModel', 'account');
    s.set('cardLogin', false);
    f.backend.setItem('someone-else', 'x');
    return f;
  }

  it('clearing card data removes the card number and card info only', () => {
    const { store } = loggedIn();
    clearCardData(store);
    expect([store.get('customNum'), store.get('cardInfo')]).toEqual([undefined, undefined]);
    expect(store.get('token')).toBe('t');
    expect(store.get('cardLogin')).toBe(false);
  });

  it('401 / 40001 clears the token and card session data, keeps mobile, mark and login model', () => {
    const { store } = loggedIn();
    clearAuthAndCardSession(store);
    expect(store.get('token')).toBeUndefined();
    expect(store.get('customNum')).toBeUndefined();
    expect(store.get('cardInfo')).toBeUndefined();
    expect(store.get('mobile')).toBe('13800138000');
    expect(store.get('mark')).toBe('acme');
    expect(store.get('loginModel')).toBe('account');
  });

  it('logout clears token, mobile and card number', () => {
    const { store } = loggedIn();
    clearOnLogout(store);
    expect([store.get('token'), store.get('mobile'), store.get('customNum')]).toEqual([undefined, undefined, undefined]);
    expect(store.get('mark')).toBe('acme');
  });

  it('forced logout clears all local storage except the agent mark', () => {
    const { store, backend } = loggedIn();
    clearOnForcedLogout(store);
    expect(backend.length).toBe(1);
    expect(store.get('mark')).toBe('acme');
  });
});
