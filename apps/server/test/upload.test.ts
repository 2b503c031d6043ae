// POST /api/v1/upload (multipart, field `file`) and GET /api/v1/upload/:id — on both databases.
import { describe, expect, it } from 'vitest';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp } from './harness';
import { JPEG, PNG, multipart, upload } from './uploadHelpers';

describe.each(databases())('uploads on %s', (kind) => {
  const t = useTestApp(kind);

  it('takes an image, judged by its content, and gives it back to its owner only', async () => {
    const token = await t.loginAccount();
    // the browser's claims (name, type) are ignored: this JPEG arrives as "scan.bin"
    const res = await upload(t, token, [{ content: JPEG, filename: 'scan.bin', type: 'application/octet-stream' }]);
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json().data;
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(url).toBe(`/api/v1/upload/${id}`);

    const back = await t.get(url, token);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.headers['cache-control']).toBe('private, no-store');
    expect(back.headers['x-content-type-options']).toBe('nosniff');
    expect(back.rawPayload.equals(JPEG)).toBe(true);
    // an ID photo is sealed at rest: the stored bytes are not the image, its size is the image's
    const stored = await t.db.kysely.selectFrom('uploads').select(['content', 'size']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(Buffer.from(stored.content).includes(JPEG.subarray(0, 16))).toBe(false);
    expect(stored.size).toBe(JPEG.length);

    const png = (await upload(t, token, [{ content: PNG }])).json().data;
    expect((await t.get(png.url, token)).headers['content-type']).toBe('image/png');
    expect(png.id).not.toBe(id);
  });

  it('is private: another login, no login, an unknown id', async () => {
    const cardToken = await t.loginCard('1000000014');
    const { url } = (await upload(t, cardToken, [{ content: PNG }])).json().data;
    expect((await t.get(url, cardToken)).statusCode).toBe(200);
    expectRejected(await t.get(url, await t.loginAccount()), 403);
    expectRejected(await t.get(url, await t.loginCard('1000000015')), 403);
    expectRejected(await t.get(url), 401);
    expectRejected(await t.get('/api/v1/upload/AAAAAAAAAAAAAAAAAAAAAAAA', cardToken), 404);
    expectRejected(await t.get('/api/v1/upload/..%2F..%2Fetc', cardToken), 400);
  });

  it('refuses what is not a small image, with a clear message, and writes nothing', async () => {
    const token = await t.loginAccount();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const text = Buffer.from('这不是图片，只是改了扩展名的文本');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectAllRejectedWithoutWrites(t, [
      {
        name: 'text named .png',
        send: () => upload(t, token, [{ content: text, filename: 'a.png', type: 'image/png' }]),
        status: 400,
        code: 10409,
        message: /JPG/,
      },
      { name: 'svg', send: () => upload(t, token, [{ content: svg, filename: 'a.svg', type: 'image/svg+xml' }]), status: 400, code: 10409 },
      { name: 'over 5 MB', send: () => upload(t, token, [{ content: big }]), status: 413, code: 10410, message: /5MB/ },
      { name: 'empty file', send: () => upload(t, token, [{ content: Buffer.alloc(0) }]), status: 400, code: 10408 },
      { name: 'wrong field', send: () => upload(t, token, [{ field: 'image', content: PNG }]), status: 400, code: 10408 },
      { name: 'two files', send: () => upload(t, token, [{ content: PNG }, { content: PNG }]), status: 400, message: /一张/ },
      { name: 'no file at all', send: () => upload(t, token, []), status: 400, code: 10408 },
      { name: 'JSON instead of a form', send: () => t.post('/api/v1/upload', { file: 'x' }, token), status: 400, code: 10408 },
      { name: 'no login', send: () => upload(t, undefined, [{ content: PNG }]), status: 401 },
    ]);
  });

  it('answers a malformed form with 400 in the envelope (found by trying: these were 500s)', async () => {
    const token = await t.loginAccount();
    const raw = (contentType: string, payload: string | Buffer) => () =>
      t.inject({
        method: 'POST',
        url: '/api/v1/upload',
        payload,
        headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      });
    const cut = '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nabc';
    const junk = Buffer.alloc(2 * 1024 * 1024, 0x5a);
    await expectAllRejectedWithoutWrites(
      t,
      [
        { name: 'garbage', send: raw('multipart/form-data; boundary=xyz', 'garbage') },
        { name: 'empty boundary', send: raw('multipart/form-data; boundary=', 'garbage') },
        { name: 'no boundary', send: raw('multipart/form-data', 'garbage') },
        { name: 'truncated', send: raw('multipart/form-data; boundary=xyz', cut) },
        { name: '2 MB of junk', send: raw('multipart/form-data; boundary=xyz', junk) },
      ].map((r) => ({ ...r, status: 400, message: /上传内容不完整或格式有误/ })),
    );
  });

  it('answers a path parameter over 100 characters in the envelope, without echoing the path', async () => {
    const token = await t.loginAccount();
    for (const url of [`/api/v1/upload/${'a'.repeat(101)}`, `/api/v1/pay/notify/${'1'.repeat(101)}`]) {
      const res = await t.inject({ method: url.includes('notify') ? 'POST' : 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect(expectRejected(res, 414).message).toBe('请求地址过长');
      expect(res.body).not.toContain('aaaaaaaaaa');
      expect(res.body).not.toContain('1111111111');
    }
  });

  it('caps uploads per owner and hour', async () => {
    const token = await t.loginCard('1000000003');
    const { payload, headers } = multipart([{ content: PNG }]);
    const send = () =>
      t.inject({ method: 'POST', url: '/api/v1/upload', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    for (let i = 0; i < 60; i++) expect((await send()).statusCode).toBe(200);
    const before = await t.snapshot();
    expect(expectRejected(await send(), 429).message).toMatch(/上传过于频繁/);
    expect((await t.snapshot()).uploads).toBe(before.uploads);
  });
});
