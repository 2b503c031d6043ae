// 在线咨询 on the ticket system (docs/decisions/0034): the holder's thread, text and image messages,
// a double send stored once, limits refused in Chinese with nothing written, the rate limit, who
// sees what (another holder, guessed ids, forged stream keys), the console's reply delivered to the
// holder's open stream, resuming after Last-Event-ID, and — on PostgreSQL — a reply written by a
// second server process reaching the stream held by the first. SQLite and PostgreSQL.
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatThread } from '@portal/contract';
import { buildApp } from '../src/app';
import { connect } from '../src/db/connect';
import { adminGet, adminPost, cookieOf, loginAs, passwordOf } from './adminHelpers';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp, type TestApp } from './harness';
import { JPEG, multipart, PNG } from './uploadHelpers';

const CHAT = '/api/v2/chat';
let seq = 0;
const clientId = () => `c${Date.now().toString(36)}x${(seq++).toString().padStart(4, '0')}`;

async function send(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.post(`${CHAT}/messages`, { custom_num: '1000000001', client_id: clientId(), ...body }, token);
}
async function sent(t: TestApp, token: string, body: Record<string, unknown>): Promise<ChatMessage> {
  const res = await send(t, token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function thread(t: TestApp, token: string): Promise<ChatThread> {
  const res = await t.get(CHAT, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
async function imageId(t: TestApp, token: string, content = PNG): Promise<string> {
  const { payload, headers } = multipart([{ content }]);
  const res = await t.inject({
    method: 'POST',
    url: '/api/v2/complaints_suggestions/upload',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}
async function chatTicketId(t: TestApp, ticketNo: string): Promise<number> {
  return (await t.db.kysely.selectFrom('tickets').select('id').where('ticket_no', '=', ticketNo).executeTakeFirstOrThrow()).id;
}
async function streamKey(t: TestApp, token: string): Promise<string> {
  const res = await t.post(`${CHAT}/stream_key`, {}, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.key;
}

interface SseEvent {
  id: string;
  event: string;
  data: unknown;
}

/** A real connection to the listening app: reads SSE frames until `enough` says so. */
async function readStream(url: string, headers: Record<string, string>, enough: (events: SseEvent[]) => boolean, started?: () => void) {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = '';
  let live = false;
  try {
    while (!enough(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (frame.startsWith(': live') && !live) {
          live = true;
          started?.();
        }
        const e: Partial<SseEvent> = {};
        for (const line of frame.split('\n')) {
          if (line.startsWith('id: ')) e.id = line.slice(4);
          if (line.startsWith('event: ')) e.event = line.slice(7);
          if (line.startsWith('data: ')) e.data = JSON.parse(line.slice(6));
        }
        if (e.data !== undefined) events.push(e as SseEvent);
      }
    }
  } finally {
    abort.abort();
  }
  return events;
}

async function listening(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

describe.each(databases())('在线咨询 on %s', (kind) => {
  const t = useTestApp(kind);

  it('starts empty, then keeps the holder’s text and image messages as a thread under a chat ticket', async () => {
    const token = await t.loginAccount();
    expect(await thread(t, token)).toEqual({ conversation: null, messages: [], unread: 0 });
    const first = await sent(t, token, { text: '  你好，我的卡没有网络了  ' });
    expect(first).toMatchObject({ from: 'holder', text: '你好，我的卡没有网络了', image: null, read: false, author: '' });
    const image = await imageId(t, token);
    const second = await sent(t, token, { image_id: image });
    expect(second.image).toEqual({ id: image, url: `/api/v1/upload/${image}` });
    expect(second.id).toBeGreaterThan(first.id);

    const th = await thread(t, token);
    expect(th.conversation).toMatchObject({ status: 'submitted', status_label: '已提交', custom_num: '1000000001' });
    expect(th.messages.map((m) => m.id)).toEqual([first.id, second.id]);
    // the image is the holder's to read back
    expect((await t.get(second.image!.url, token)).statusCode).toBe(200);
    // a conversation is not a complaint: /suggest does not list it
    const suggest = (await t.get('/api/v2/complaints_suggestions', token)).json().data.list as { ticket_no: string }[];
    expect(suggest.map((s) => s.ticket_no)).not.toContain(th.conversation!.ticket_no);
  });

  it('stores a message sent twice (a double tap) once, and counts it once', async () => {
    const token = await t.loginAccount();
    const id = clientId();
    const [a, b] = await Promise.all([send(t, token, { client_id: id, text: '双击' }), send(t, token, { client_id: id, text: '双击' })]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data.id).toBe(b.json().data.id);
    const again = await sent(t, token, { client_id: id, text: '双击' });
    expect(again.id).toBe(a.json().data.id);
    const rows = await t.db.kysely.selectFrom('ticket_messages').select('id').where('client_id', '=', id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses empty, too long, malformed and foreign input in Chinese with 4xx, writing nothing', async () => {
    const token = await t.loginAccount();
    const other = await t.loginCard('1000000016');
    const foreignImage = await imageId(t, other, JPEG);
    await expectAllRejectedWithoutWrites(t, [
      { name: 'empty', send: () => send(t, token, { text: '   ' }), message: /请输入消息内容/ },
      { name: 'too long', send: () => send(t, token, { text: '字'.repeat(501) }), message: /500/ },
      { name: 'bad client id', send: () => send(t, token, { text: '你好', client_id: 'x' }) },
      { name: 'not an upload id', send: () => send(t, token, { image_id: '../../etc/passwd' }) },
      { name: 'someone else’s image', send: () => send(t, token, { image_id: foreignImage }) },
      { name: 'a card not theirs', send: () => send(t, token, { text: '你好', custom_num: '1000000018' }) },
      {
        name: 'no login',
        send: () => t.post(`${CHAT}/messages`, { custom_num: '1000000001', client_id: clientId(), text: '你好' }),
        status: 401,
      },
    ]);
    expect((await t.get(CHAT)).statusCode).toBe(401);
  });

  it('limits a burst of sending: the 21st message in a minute is refused with 429', async () => {
    const token = await t.loginCard('1000000002');
    for (let i = 0; i < 20; i++) await sent(t, token, { custom_num: '1000000002', text: `第${i}条` });
    const res = await send(t, token, { custom_num: '1000000002', text: '再来一条' });
    expect(expectRejected(res, 429).message).toMatch(/太频繁/);
  });

  it('lets each holder see only their own conversation; the console sees it by the ticket, with images and unread marks', async () => {
    const mine = await t.loginAccount();
    const msg = await sent(t, mine, { text: '只给客服看' });
    const image = await sent(t, mine, { image_id: await imageId(t, mine) });
    const ticketNo = (await thread(t, mine)).conversation!.ticket_no;
    const id = await chatTicketId(t, ticketNo);

    // another holder (a card-number login is its own holder) has a thread of its own, without these
    const stranger = await t.loginCard('1000000010');
    const theirs = await thread(t, stranger);
    expect(theirs.messages.map((m) => m.id)).not.toContain(msg.id);
    // … cannot read the image, nor the conversation as a ticket by its number
    expect((await t.get(image.image!.url, stranger)).statusCode).toBeGreaterThanOrEqual(400);
    expectRejected(await t.get(`/api/v2/complaints_suggestions/detail?ticket_no=${ticketNo}`, stranger), 404);
    // … and a stream key of theirs opens only their own stream (tested live below); a forged one opens nothing
    expectRejected(await t.get(`${CHAT}/stream?key=${encodeURIComponent('eyJ1IjoxLCJjIjoiIiwiZSI6OTk5OTk5OTk5OTk5OX0.AAAA')}`), 403);
    expectRejected(await t.get(`${CHAT}/stream?key=junk`), 403);

    const support = await loginAs(t, 'support');
    const queue = (await adminGet(t, '/api/admin/tickets?category=chat&order=newest', support)).json().data.items as {
      id: number;
      unread: number;
      category: string;
    }[];
    const view = (await adminGet(t, `/api/admin/tickets/chat?id=${id}`, support)).json().data;
    // this test's two and the earlier tests' messages of the same holder: none read by support yet
    const unread = (view.messages as ChatMessage[]).filter((m) => m.from === 'holder' && !m.read).length;
    expect(unread).toBeGreaterThanOrEqual(2);
    expect(queue.find((r) => r.id === id)).toMatchObject({ category: 'chat', unread });
    expect(view.messages.map((m: ChatMessage) => m.id)).toEqual(expect.arrayContaining([msg.id, image.id]));
    const img = view.messages.find((m: ChatMessage) => m.id === image.id).image.url as string;
    expect(img).toBe(`/api/admin/tickets/${id}/chat-images/${image.id}`);
    const file = await adminGet(t, img, support);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // guessed ids: a message of another conversation, a ticket that is not a conversation, no such ticket
    expectRejected(await adminGet(t, `/api/admin/tickets/${id + 1000}/chat-images/${image.id}`, support), 404);
    expectRejected(await adminGet(t, `/api/admin/tickets/chat?id=${await chatTicketId(t, 'T26110100000001')}`, support), 404);
    expectRejected(await adminGet(t, '/api/admin/tickets/chat?id=999999', support), 404);
    // an agent administrator has no tickets permission
    expectRejected(await adminGet(t, `/api/admin/tickets/chat?id=${id}`, await loginAs(t, 'agent')), 403);

    // read marks: support opens it, the holder sees theirs read
    await adminPost(t, '/api/admin/tickets/chat/read', { id }, support);
    expect((await thread(t, mine)).messages.filter((m) => m.from === 'holder').every((m) => m.read)).toBe(true);
    const after = (await adminGet(t, '/api/admin/tickets?category=chat&order=newest', support)).json().data.items as {
      id: number;
      unread: number;
    }[];
    expect(after.find((r) => r.id === id)!.unread).toBe(0);
  });

  it('refuses a console reply that is empty or too long, and one to a closed conversation', async () => {
    const token = await t.loginCard('1000000003');
    await sent(t, token, { custom_num: '1000000003', text: '请帮我看看' });
    const id = await chatTicketId(t, (await thread(t, token)).conversation!.ticket_no);
    const support = await loginAs(t, 'support');
    await expectAllRejectedWithoutWrites(t, [
      { name: 'empty', send: () => adminPost(t, '/api/admin/tickets/chat/reply', { id, client_id: clientId(), text: ' ' }, support) },
      {
        name: 'long',
        send: () => adminPost(t, '/api/admin/tickets/chat/reply', { id, client_id: clientId(), text: '字'.repeat(501) }, support),
      },
      {
        name: 'no ticket',
        send: () => adminPost(t, '/api/admin/tickets/chat/reply', { id: 999999, client_id: clientId(), text: '您好' }, support),
      },
    ]);
    const closed = await adminPost(t, '/api/admin/tickets/reply', { id, status: 'closed', content: '' }, support);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(
      expectRejected(await adminPost(t, '/api/admin/tickets/chat/reply', { id, client_id: clientId(), text: '您好' }, support)).message,
    ).toMatch(/已关闭/);
    // the holder writing again opens a new conversation
    await sent(t, token, { custom_num: '1000000003', text: '还有一个问题' });
    const next = (await thread(t, token)).conversation!;
    expect(await chatTicketId(t, next.ticket_no)).not.toBe(id);
    expect(next.status).toBe('submitted');
  });

  it('delivers the console’s reply to the holder’s open stream, and resumes after Last-Event-ID', async () => {
    const token = await t.loginCard('1000000011');
    const first = await sent(t, token, { custom_num: '1000000011', text: '在吗？' });
    const ticketNo = (await thread(t, token)).conversation!.ticket_no;
    const id = await chatTicketId(t, ticketNo);
    const support = await loginAs(t, 'support');
    const base = await listening(t);
    const key = await streamKey(t, token);

    let reply: ChatMessage | undefined;
    const events = await readStream(
      `${base}${CHAT}/stream?key=${encodeURIComponent(key)}&after=${first.id}`,
      {},
      (es) => es.some((e) => (e.data as ChatMessage).from === 'support'),
      () => {
        void adminPost(t, '/api/admin/tickets/chat/reply', { id, client_id: clientId(), text: '您好，请重启设备试试' }, support).then(
          (r) => {
            reply = r.json().data;
          },
        );
      },
    );
    const got = events.map((e) => e.data as ChatMessage);
    expect(got.find((m) => m.from === 'support')).toMatchObject({ text: '您好，请重启设备试试', author: expect.any(String) });
    expect(events[0]!.event).toBe('message');
    expect(got.some((m) => m.id === first.id)).toBe(false);
    expect(reply).toBeDefined();
    expect(events.find((e) => (e.data as ChatMessage).from === 'support')!.id).toBe(String(reply!.id));
    // the holder's thread now has the reply, unread until the page marks it
    const th = await thread(t, token);
    expect(th.conversation!.status).toBe('replied');
    expect(th.unread).toBe(1);
    expect((await t.post(`${CHAT}/read`, {}, token)).json().data.unread).toBe(0);

    // missed while away: a reconnect with Last-Event-ID gets what came after it, oldest first
    const missed = await adminPost(t, '/api/admin/tickets/chat/reply', { id, client_id: clientId(), text: '处理好了吗？' }, support);
    const resumed = await readStream(`${base}${CHAT}/stream?key=${encodeURIComponent(key)}`, { 'last-event-id': String(first.id) }, (es) =>
      es.some((e) => e.id === String(missed.json().data.id)),
    );
    expect(resumed.map((e) => (e.data as ChatMessage).text)).toEqual(['您好，请重启设备试试', '处理好了吗？']);

    // another holder's stream does not carry this conversation: a reply here, then the stranger's own
    // message; the streams deliver in id order, so a leaked reply would come first
    const stranger = await t.loginCard('1000000012');
    const strangerKey = await streamKey(t, stranger);
    let own: ChatMessage | undefined;
    const strangerEvents = await readStream(
      `${base}${CHAT}/stream?key=${encodeURIComponent(strangerKey)}`,
      {},
      (es) => own !== undefined && es.some((e) => e.id === String(own!.id)),
      () => {
        void (async () => {
          await adminPost(t, '/api/admin/tickets/chat/reply', { id, client_id: clientId(), text: '不该被别人看到' }, support);
          own = await sent(t, stranger, { custom_num: '1000000012', text: '我自己的消息' });
        })();
      },
    );
    expect(strangerEvents.map((e) => (e.data as ChatMessage).text)).toEqual(['我自己的消息']);
  });

  if (kind === 'postgres')
    it('a reply written by a second server process reaches the stream held by the first', async () => {
      const token = await t.loginCard('1000000020');
      const first = await sent(t, token, { custom_num: '1000000020', text: '第二个进程能收到吗' });
      const id = await chatTicketId(t, (await thread(t, token)).conversation!.ticket_no);
      const db2 = await connect(t.config.databaseUrl);
      const app2 = await buildApp({ db: db2, config: t.config, logger: false });
      try {
        await app2.ready();
        const login = await app2.inject({
          method: 'POST',
          url: '/api/admin/login',
          payload: { username: 'support', password: passwordOf('support') },
        });
        const cookie = cookieOf(login);
        const base = await listening(t);
        const key = await streamKey(t, token);
        const events = await readStream(
          `${base}${CHAT}/stream?key=${encodeURIComponent(key)}&after=${first.id}`,
          {},
          (es) => es.length > 0,
          () => {
            void app2.inject({
              method: 'POST',
              url: '/api/admin/tickets/chat/reply',
              payload: { id, client_id: clientId(), text: '来自另一个进程的回复' },
              headers: { cookie },
            });
          },
        );
        expect((events[0]!.data as ChatMessage).text).toBe('来自另一个进程的回复');
      } finally {
        await app2.close();
        await db2.close();
      }
    });
});
