// Complaints and suggestions as tickets (/suggest): the images endpoint with the upload rules, filing
// a ticket (card and order authorization, own images only, the latest diagnosis on a connectivity
// complaint), the list and the detail with its timeline, nobody else's ticket by its number, bad
// input writing nothing, and the daily limit. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Ticket } from '@portal/contract';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp, type TestApp } from './harness';
import { JPEG, multipart, PNG, type FilePart } from './uploadHelpers';

const URL = '/api/v2/complaints_suggestions';

function uploadTicketImage(t: TestApp, token: string | undefined, parts: FilePart[]) {
  const { payload, headers } = multipart(parts);
  return t.inject({
    method: 'POST',
    url: `${URL}/upload`,
    payload,
    headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
  });
}

async function imageId(t: TestApp, token: string, content = PNG): Promise<string> {
  const res = await uploadTicketImage(t, token, [{ content }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

const complaint = (extra: Record<string, unknown> = {}) => ({
  category: 'billing',
  custom_num: '1000000001',
  description: '本月流量没怎么用，余额却少了很多',
  images: [],
  contact: '13800138000',
  ...extra,
});

async function file(t: TestApp, token: string, body: Record<string, unknown>): Promise<Ticket> {
  const res = await t.post(URL, body, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe(0);
  return res.json().data;
}

describe.each(databases())('tickets on %s', (kind) => {
  const t = useTestApp(kind);

  it('uploads images by their content: a PNG and a JPEG pass, anything else is refused', async () => {
    const token = await t.loginAccount();
    expect(await imageId(t, token)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await imageId(t, token, JPEG)).toBeTruthy();
    const before = await t.snapshot();
    // a text file that claims to be a PNG
    expect(
      expectRejected(await uploadTicketImage(t, token, [{ content: Buffer.from('not an image'), type: 'image/png' }])).message,
    ).toMatch(/图片/);
    // over 5 MB
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expectRejected(await uploadTicketImage(t, token, [{ content: big }]));
    // two files in one request
    expectRejected(await uploadTicketImage(t, token, [{ content: PNG }, { content: PNG }]));
    expect((await uploadTicketImage(t, undefined, [{ content: PNG }])).statusCode).toBe(401);
    expect(await t.snapshot()).toEqual(before);
  });

  it('files a ticket with images, lists it and shows its timeline; the seeded one shows the reply', async () => {
    const token = await t.loginAccount();
    const images = [await imageId(t, token), await imageId(t, token), await imageId(t, token)];
    const ticket = await file(t, token, complaint({ images }));
    expect(ticket.ticket_no).toMatch(/^T\d{14}$/);
    expect(ticket.status).toBe('submitted');
    expect(ticket.images.map((i) => i.id)).toEqual(images);
    expect(ticket.diagnosis).toBeNull();
    expect(ticket.timeline).toEqual([{ status: 'submitted', label: '已提交', content: '', at: ticket.created_at }]);

    const list = (await t.get(URL, token)).json().data.list as Ticket[];
    expect(list[0].ticket_no).toBe(ticket.ticket_no);
    const seeded = list.find((x) => x.ticket_no === 'T26110100000001')!;
    expect(seeded.status_label).toBe('已回复');
    const detail = (await t.get(`${URL}/detail?ticket_no=T26110100000001`, token)).json().data as Ticket;
    expect(detail.timeline.map((e) => e.status)).toEqual(['submitted', 'in_progress', 'replied']);
    expect(detail.timeline[2].content).toContain('自动续订');
    // the images are the owner's to see
    expect((await t.get(ticket.images[0].url, token)).statusCode).toBe(200);
  });

  it('a connectivity complaint carries the card’s latest diagnosis', async () => {
    const token = await t.loginAccount();
    const plain = await file(t, token, complaint({ category: 'connectivity', custom_num: '1000000002' }));
    expect(plain.diagnosis).toBeNull();
    const diag = await t.get('/api/v2/go_card_diagnosis?custom_num=1000000002', token);
    expect(diag.statusCode, diag.body).toBe(200);
    const withDiagnosis = await file(t, token, complaint({ category: 'connectivity', custom_num: '1000000002' }));
    expect(withDiagnosis.diagnosis?.headline).toBe(diag.json().data.headline);
    // a billing complaint does not
    expect((await file(t, await t.loginCard('1000000002'), complaint({ custom_num: '1000000002' }))).diagnosis).toBeNull();
  });

  it('nobody reads another person’s ticket by its number, nor lists it', async () => {
    const owner = await t.loginAccount();
    const mine = await file(t, owner, complaint({ custom_num: '1000000003' }));
    const stranger = await t.loginCard('1000000014');
    const res = await t.get(`${URL}/detail?ticket_no=${mine.ticket_no}`, stranger);
    const missing = await t.get(`${URL}/detail?ticket_no=T00000000000000`, stranger);
    // the same answer as a number that does not exist
    expect(expectRejected(res, 404)).toEqual(expectRejected(missing, 404));
    expect((await t.get(`${URL}/detail?ticket_no=T26110100000001`, stranger)).statusCode).toBe(404);
    const list = (await t.get(URL, stranger)).json().data.list as Ticket[];
    expect(list.map((x) => x.ticket_no)).not.toContain(mine.ticket_no);
    expect((await t.get(URL)).statusCode).toBe(401);
  });

  it('bad input gets a Chinese message and writes nothing', async () => {
    const token = await t.loginAccount();
    const strangerToken = await t.loginCard('1000000014');
    const strangersImage = await imageId(t, strangerToken);
    const strangersOrder = await t.db.kysely
      .selectFrom('orders')
      .innerJoin('cards', 'cards.id', 'orders.card_id')
      .select('orders.order_no')
      .where('cards.custom_num', '<>', '1000000001')
      .executeTakeFirst();
    const send = (body: unknown) => () => t.post(URL, body, token);
    await expectAllRejectedWithoutWrites(t, [
      { name: 'no category', send: send(complaint({ category: undefined })) },
      { name: 'unknown category', send: send(complaint({ category: 'spam' })) },
      { name: 'short description', send: send(complaint({ description: '差' })) },
      { name: 'long description', send: send(complaint({ description: '字'.repeat(501) })) },
      { name: 'bad contact', send: send(complaint({ contact: '123' })) },
      { name: 'ten images', send: send(complaint({ images: Array.from({ length: 10 }, (_, i) => `abcdefgh${i}`) })) },
      { name: 'somebody else’s image', send: send(complaint({ images: [strangersImage] })) },
      { name: 'an unknown image', send: send(complaint({ images: ['abcdefghijkl'] })) },
      { name: 'somebody else’s card', send: send(complaint({ custom_num: '1000000014' })), status: 403 },
      { name: 'an unknown card', send: send(complaint({ custom_num: '1999999999' })) },
      { name: 'a malformed order', send: send(complaint({ order_no: '../etc' })) },
      ...(strangersOrder ? [{ name: 'an order of another card', send: send(complaint({ order_no: strangersOrder.order_no })) }] : []),
      { name: 'a bad ticket number', send: () => t.get(`${URL}/detail?ticket_no=1%20or%201=1`, token) },
    ]);
  });

  it('limits how many tickets one account files a day', async () => {
    await t.db.kysely.deleteFrom('throttles').where('key', 'like', 'ticket:%').execute();
    const token = await t.loginCard('1000000010');
    for (let i = 0; i < 5; i++) await file(t, token, complaint({ custom_num: '1000000010' }));
    const before = await t.snapshot();
    const res = await t.post(URL, complaint({ custom_num: '1000000010' }), token);
    expect(expectRejected(res, 429).message).toMatch(/明天/);
    const after = await t.snapshot();
    expect(after.tickets).toBe(before.tickets);
    expect(after.ticket_events).toBe(before.ticket_events);
  });

  it('counts the quota per holder: the account and the card logins of its cards share five a day (docs/decisions/0028)', async () => {
    await t.db.kysely.deleteFrom('throttles').where('key', 'like', 'ticket:%').execute();
    const account = await t.loginAccount();
    for (let i = 0; i < 3; i++) await file(t, account, complaint({ custom_num: '1000000001' }));
    // each card-number login of the same holder's cards draws on the same five
    await file(t, await t.loginCard('1000000002'), complaint({ custom_num: '1000000002' }));
    await file(t, await t.loginCard('1000000003'), complaint({ custom_num: '1000000003' }));
    const before = await t.snapshot();
    const sixth = await t.post(URL, complaint({ custom_num: '1000000010' }), await t.loginCard('1000000010'));
    expect(expectRejected(sixth, 429).message).toMatch(/明天/);
    expect(expectRejected(await t.post(URL, complaint({ custom_num: '1000000001' }), account), 429).message).toMatch(/明天/);
    const after = await t.snapshot();
    expect(after.tickets).toBe(before.tickets);
  });
});
