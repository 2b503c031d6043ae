// The console's writes are made once from its side (docs/decisions/0041-console-writes-once.md): the
// same write while it is on its way is not sent twice, and a write whose outcome is unknown is
// retried under the same Idempotency-Key, so the server can answer what the first attempt did.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, setOnUnauthorized, urlOf } from './api';
import * as admin from '@portal/contract/routes/admin';

interface Sent {
  url: string;
  key: string | undefined;
  body: string;
}

function fakeServer(answers: (() => Response | Promise<Response>)[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = (init.headers ?? {}) as Record<string, string>;
      sent.push({ url, key: headers['Idempotency-Key'], body: String(init.body ?? '') });
      const next = answers.shift();
      if (!next) throw new Error('no answer scripted');
      return next();
    }),
  );
  return sent;
}

const ok = (data: unknown) => () => new Response(JSON.stringify({ code: 0, message: 'ok', data }), { status: 200 });
const refused = (status: number, message: string) => () => new Response(JSON.stringify({ code: 10001, message, data: null }), { status });
const networkDown = () => () => Promise.reject(new TypeError('Failed to fetch'));
const job = { kind: 'suspend' as const, custom_nums: ['1000000001'], reason: '欠费风控' };

afterEach(() => vi.unstubAllGlobals());

describe('console writes', () => {
  it('the same write twice at once is sent once; both get its answer', async () => {
    let release: (r: Response) => void = () => {};
    const sent = fakeServer([() => new Promise<Response>((r) => (release = r))]);
    const a = call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] });
    const b = call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] });
    release(ok({ id: 7 })());
    expect(await a).toEqual({ id: 7 });
    expect(await b).toEqual({ id: 7 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('different writes are different requests with different keys', async () => {
    const sent = fakeServer([ok({ id: 1 }), ok({ id: 2 })]);
    await Promise.all([
      call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] }),
      call(admin.adminBulkJobCreate, { ...job, reason: '另一原因' }),
    ]);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  it('a write whose answer never came is tried again under the same key; once answered, the next is new', async () => {
    const sent = fakeServer([networkDown(), refused(503, '服务繁忙，请稍后再试'), ok({ id: 3 }), ok({ id: 4 })]);
    await expect(call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] })).rejects.toMatchObject({ status: 0 });
    await expect(call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] })).rejects.toBeInstanceOf(ApiError);
    expect(await call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] })).toEqual({ id: 3 });
    expect(await call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] })).toEqual({ id: 4 });
    expect(new Set(sent.slice(0, 3).map((s) => s.key)).size).toBe(1);
    expect(sent[3]!.key).not.toBe(sent[0]!.key);
  });

  it('a refused write (bad input) is settled: the corrected one is a new write', async () => {
    const sent = fakeServer([refused(400, '请填写原因'), ok({ id: 5 })]);
    await expect(call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] })).rejects.toMatchObject({
      status: 400,
      message: '请填写原因',
    });
    await call(admin.adminBulkJobCreate, { ...job, custom_nums: [...job.custom_nums] });
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });
});

describe('calls by route', () => {
  // a read's URL is built against the page's address
  beforeEach(() => vi.stubGlobal('window', { location: { origin: 'http://console.test' } }));

  it('a read goes to its route with its query, without a key', async () => {
    const sent = fakeServer([ok({ items: [] })]);
    await call(admin.adminTicketList, { status: 'submitted', limit: 20 });
    expect(sent).toEqual([{ url: '/api/admin/tickets?status=submitted&limit=20', key: undefined, body: '' }]);
    expect(urlOf(admin.adminExportLedger, { card: '1000000001' })).toBe('/api/admin/exports/ledger?card=1000000001');
  });

  it('an ended session sends the operator to the login, but a refused login does not', async () => {
    const gone = vi.fn();
    setOnUnauthorized(gone);
    fakeServer([refused(401, '请先登录'), refused(401, '用户名或密码错误')]);
    await expect(call(admin.adminDashboard)).rejects.toMatchObject({ status: 401 });
    expect(gone).toHaveBeenCalledTimes(1);
    await expect(call(admin.adminLogin, { username: 'a', password: 'b' })).rejects.toMatchObject({ status: 401 });
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
