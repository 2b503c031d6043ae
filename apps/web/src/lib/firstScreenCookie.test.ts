import { afterEach, describe, expect, it } from 'vitest';
import { keepFirstScreenCookie } from './firstScreenCookie';
import { createTypedStorage, LOCAL_CODECS, memoryStorage } from './storage';

const TOKEN = 'eatGHW-UfMIrGVranSa10WrXi1brOFbasDpXHBhyOCU';
const NEXT = 'Qm9vb2tzLWFuZC1tb3JlLXRva2Vucy10b2tlbnMtdG9r';

/** What document.cookie was set to, in order (the browser keeps the last of each name). */
function recordingDocument(protocol = 'http:') {
  const writes: string[] = [];
  const doc = {
    location: { protocol },
    set cookie(v: string) {
      writes.push(v);
    },
  } as unknown as Document;
  return { doc, writes };
}

describe('the first screen cookie follows what the app keeps', () => {
  let stop = () => {};
  afterEach(() => stop());

  it('written at start, then with each change of the token, the card, the mark; emptied at logout', () => {
    const store = createTypedStorage(memoryStorage(), LOCAL_CODECS);
    const { doc, writes } = recordingDocument();
    stop = keepFirstScreenCookie(store, doc);
    expect(writes).toEqual(['sim_first=; Max-Age=0; Path=/; SameSite=Lax']);

    store.set('token', TOKEN);
    store.set('mark', 'demo');
    store.set('customNum', '1000000001');
    store.set('token', NEXT); // a rotated token
    store.set('timeout', true); // nothing the cookie carries: no write
    store.remove('token', 'customNum'); // a logout
    expect(writes.slice(1)).toEqual([
      `sim_first=${TOKEN}..; Max-Age=604800; Path=/; SameSite=Lax`,
      `sim_first=${TOKEN}..demo; Max-Age=604800; Path=/; SameSite=Lax`,
      `sim_first=${TOKEN}.1000000001.demo; Max-Age=604800; Path=/; SameSite=Lax`,
      `sim_first=${NEXT}.1000000001.demo; Max-Age=604800; Path=/; SameSite=Lax`,
      'sim_first=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });

  it('secure on https; a value it cannot carry (a stored token that is not one) is no cookie', () => {
    const store = createTypedStorage(memoryStorage(), LOCAL_CODECS);
    store.set('token', 'not a token;');
    const { doc, writes } = recordingDocument('https:');
    stop = keepFirstScreenCookie(store, doc);
    expect(writes).toEqual(['sim_first=; Max-Age=0; Path=/; SameSite=Lax; Secure']);
    store.set('token', TOKEN);
    expect(writes.at(-1)).toBe(`sim_first=${TOKEN}..; Max-Age=604800; Path=/; SameSite=Lax; Secure`);
  });
});
