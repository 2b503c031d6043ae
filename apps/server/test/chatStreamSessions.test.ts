// 在线咨询's streams end with the session that opened them, and are bounded (see
// docs/decisions/0057). The attack: a stream key kept streaming for 10 minutes after logout or a
// password change, and one key opened 300 concurrent streams. Real connections to the listening app.
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../src/db/seed';
import { databases, useTestApp, type TestApp } from './harness';

const CHAT = '/api/v2/chat';
const METRICS_TOKEN = 'chat-streams-metrics-token-0123456789abcdef';

async function streamKey(t: TestApp, token: string): Promise<string> {
  const res = await t.post(`${CHAT}/stream_key`, {}, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.key;
}

async function listening(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

interface Open {
  /** resolves when the server ends the stream */
  ended: Promise<void>;
  isEnded(): boolean;
  abort(): void;
}

/** Opens a stream and waits until it is live (the server's `: live` comment). */
async function openStream(base: string, key: string): Promise<Open> {
  const abort = new AbortController();
  const res = await fetch(`${base}${CHAT}/stream?key=${encodeURIComponent(key)}`, { signal: abort.signal });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let done = false;
  let markLive!: () => void;
  const live = new Promise<void>((r) => (markLive = r));
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
        if (text.includes(': live')) markLive();
      }
    } catch {
      // aborted by the test
    }
    done = true;
    markLive();
  })();
  await live;
  return { ended, isEnded: () => done, abort: () => abort.abort() };
}

/** Whether `p` settles within `ms`. */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

const openGauge = async (t: TestApp) => {
  const res = await t.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return Number(/^portal_chat_streams_open (\d+)$/m.exec(res.body)?.[1]);
};

describe.each(databases())('chat streams end with their session on %s', (kind) => {
  // the re-check far away: what ends a stream here is the revocation heard at once
  const t = useTestApp(kind, { chatStreams: { max: 100, recheckMs: 60_000 } });

  it('a logout ends the streams its key opened at once, and the key opens no more', async () => {
    const base = await listening(t);
    const token = await t.loginAccount();
    const key = await streamKey(t, token);
    const stream = await openStream(base, key);
    expect((await t.post('/api/v1/logout', {}, token)).statusCode).toBe(200);
    expect(await within(stream.ended, 2_000)).toBe(true);
    const again = await t.get(`${CHAT}/stream?key=${encodeURIComponent(key)}`);
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('请重新打开在线咨询');
  });

  it('a password change ends the other sessions’ streams at once; its own stays', async () => {
    const base = await listening(t);
    const other = await t.loginAccount();
    const mine = await t.loginAccount();
    const theirs = await openStream(base, await streamKey(t, other));
    const own = await openStream(base, await streamKey(t, mine));
    try {
      const res = await t.post('/api/v1/user/password', { old_password: DEMO.password, new_password: 'changed1234' }, mine);
      expect(res.json().code, res.body).toBe(0);
      expect(await within(theirs.ended, 2_000)).toBe(true);
      expect(await within(own.ended, 300)).toBe(false);
      // back to the demo password for the rest of the file
      expect((await t.post('/api/v1/user/password', { old_password: 'changed1234', new_password: DEMO.password }, mine)).json().code).toBe(
        0,
      );
    } finally {
      own.abort();
    }
  });
});

describe.each(databases())('chat streams bounded on %s', (kind) => {
  const t = useTestApp(kind, { chatStreams: { max: 5, recheckMs: 300 }, metricsToken: METRICS_TOKEN });

  it('a revocation this process did not hear (another process, the CLI) ends the stream at the next re-check', async () => {
    const base = await listening(t);
    const token = await t.loginCard('1000000011');
    const stream = await openStream(base, await streamKey(t, token));
    await t.db.kysely.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('revoked_at', 'is', null).execute();
    expect(await within(stream.ended, 3_000)).toBe(true);
  });

  it('one key holds 3 streams at once: a 4th closes the oldest; past the process’s bound a new one is refused', async () => {
    const base = await listening(t);
    const key = await streamKey(t, await t.loginAccount());
    const streams: Open[] = [];
    try {
      for (let i = 0; i < 4; i++) streams.push(await openStream(base, key));
      expect(await within(streams[0]!.ended, 2_000)).toBe(true);
      expect(streams.slice(1).map((s) => s.isEnded())).toEqual([false, false, false]);
      expect(await openGauge(t)).toBe(3);
      // another holder fills the process's 5 …
      const card = await streamKey(t, await t.loginCard('1000000011'));
      streams.push(await openStream(base, card), await openStream(base, card));
      expect(await openGauge(t)).toBe(5);
      // … so a third holder is refused in words, while a holder at their own bound still replaces their oldest
      const refused = await t.get(`${CHAT}/stream?key=${encodeURIComponent(await streamKey(t, await t.loginCard('1000000012')))}`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('在线咨询连接繁忙，请稍后再试');
      streams.push(await openStream(base, key));
      expect(await within(streams[1]!.ended, 2_000)).toBe(true);
      expect(await openGauge(t)).toBe(5);
    } finally {
      for (const s of streams) s.abort();
    }
    // closed by the client: the places are given back
    await new Promise((r) => setTimeout(r, 200));
    expect(await openGauge(t)).toBe(0);
  });
});
