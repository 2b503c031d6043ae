// Agent applications (/agent, no login): filing with a mobile proven by an SMS code, one open
// application per mobile (also when two arrive at once), the state by the kept key or by mobile and
// code, resubmitting after a rejection, the branding switch, bad input writing nothing, and the
// per-address limit. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { AgentApplicationAnswer } from '@portal/contract';
import { clock } from '../src/lib/clock';
import { setApplicationStatus } from '../src/modules/agentApplications';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp, type TestApp } from './harness';

const URL = '/api/v2/agent_applications';
let ipSeq = 1;
const freshIp = () => `10.12.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;
let mobileSeq = 1;
const freshMobile = () => `1390000${String(mobileSeq++).padStart(4, '0')}`;

async function codeFor(t: TestApp, mobile: string): Promise<string> {
  // past the one-code-a-minute cooldown of the mobile's previous code
  clock.advance(61_000);
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/sms/code',
    payload: { mobile, purpose: 'agent_apply' },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return t.lastSmsCode(mobile);
}

const form = (mobile: string, code: string, extra: Record<string, unknown> = {}) => ({
  name: '王小明',
  mobile,
  code,
  province: '浙江省',
  city: '杭州市',
  channel: 'physical_store',
  notes: '有两家手机店',
  agreed: true,
  ...extra,
});

const post = (t: TestApp, url: string, body: unknown, ip = freshIp()) =>
  t.inject({ method: 'POST', url, payload: body as object, remoteAddress: ip });

async function apply(t: TestApp, mobile: string, extra: Record<string, unknown> = {}): Promise<AgentApplicationAnswer> {
  const res = await post(t, URL, form(mobile, await codeFor(t, mobile), extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe.each(databases())('agent applications on %s', (kind) => {
  const t = useTestApp(kind);

  it('files without a login and shows the state by the key, masked', async () => {
    const mobile = freshMobile();
    const { application, key } = await apply(t, mobile);
    expect(application).toMatchObject({ status: 'submitted', status_label: '已提交', name: '王小明', city: '杭州市', can_resubmit: false });
    expect(application!.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);
    const again = (await post(t, `${URL}/lookup`, { key })).json().data as AgentApplicationAnswer;
    expect(again.application?.application_no).toBe(application!.application_no);
    // an unknown key shows nothing
    expect((await post(t, `${URL}/lookup`, { key: 'x'.repeat(32) })).json().data).toEqual({ application: null, key: '' });
    // by mobile and a fresh code: the key comes back
    const byCode = (await post(t, `${URL}/lookup`, { mobile, code: await codeFor(t, mobile) })).json().data as AgentApplicationAnswer;
    expect(byCode.key).toBe(key);
  });

  it('one open application per mobile; after a rejection (with its reason) it may be filed again', async () => {
    const mobile = freshMobile();
    const first = await apply(t, mobile);
    const before = await t.snapshot();
    const res = await post(t, URL, form(mobile, await codeFor(t, mobile)));
    expect(expectRejected(res, 400).message).toMatch(/进行中/);
    expect((await t.snapshot()).agent_applications).toBe(before.agent_applications);

    const row = await t.db.kysely.selectFrom('agent_applications').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    await setApplicationStatus(
      t.db.kysely,
      row.id,
      'submitted',
      { status: 'rejected', rejectReason: '所在地区已有代理' },
      new Date().toISOString(),
    );
    const rejected = (await post(t, `${URL}/lookup`, { key: first.key })).json().data as AgentApplicationAnswer;
    expect(rejected.application).toMatchObject({
      status: 'rejected',
      status_label: '未通过',
      reject_reason: '所在地区已有代理',
      can_resubmit: true,
    });
    const second = await apply(t, mobile, { city: '宁波市' });
    expect(second.application?.status).toBe('submitted');
    expect(second.key).not.toBe(first.key);
  });

  it('two applications for one mobile at the same moment: one gets in', async () => {
    const mobile = freshMobile();
    await codeFor(t, mobile);
    const code = await t.lastSmsCode(mobile);
    // two codes cannot exist at once (cooldown), so both use the same one: whatever the order, one row
    const answers = await Promise.all([post(t, URL, form(mobile, code)), post(t, URL, form(mobile, code))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const rows = await t.db.kysely.selectFrom('agent_applications').select('id').where('mobile', '=', mobile).execute();
    expect(rows).toHaveLength(1);
  });

  it('bad input gets a Chinese message and writes nothing', async () => {
    const mobile = freshMobile();
    const code = await codeFor(t, mobile);
    const send = (body: unknown) => () => post(t, URL, body);
    await expectAllRejectedWithoutWrites(t, [
      { name: 'no name', send: send(form(mobile, code, { name: '' })) },
      { name: 'bad mobile', send: send(form('12345', code)) },
      { name: 'no code', send: send(form(mobile, '')) },
      { name: 'unknown province', send: send(form(mobile, code, { province: '火星' })) },
      { name: 'city of another province', send: send(form(mobile, code, { city: '广州市' })) },
      { name: 'no channel', send: send(form(mobile, code, { channel: 'door_to_door' })) },
      { name: 'long notes', send: send(form(mobile, code, { notes: '字'.repeat(201) })) },
      { name: 'agreement not accepted', send: send(form(mobile, code, { agreed: false })) },
      { name: 'unknown brand', send: send(form(mobile, code, { mark: 'nosuchbrand' })) },
      { name: 'lookup without anything', send: () => post(t, `${URL}/lookup`, {}) },
    ]);
    // a wrong code: refused, no application (the code's attempt is counted, as for every code)
    const wrong = await post(t, URL, form(mobile, code === '000000' ? '111111' : '000000'));
    expect(expectRejected(wrong).message).toMatch(/验证码/);
    expect(await t.db.kysely.selectFrom('agent_applications').select('id').where('mobile', '=', mobile).execute()).toHaveLength(0);
  });

  it('is closed when the brand does not take applications', async () => {
    const mobile = freshMobile();
    await t.db.kysely.updateTable('agents').set({ agent_form: 0 }).where('mark', '=', 'acme').execute();
    const res = await post(t, URL, form(mobile, await codeFor(t, mobile), { mark: 'acme' }));
    expect(expectRejected(res, 400).message).toBe('暂未开放代理申请');
  });

  it('limits tries from one address', async () => {
    const ip = freshIp();
    const mobile = freshMobile();
    const code = await codeFor(t, mobile);
    for (let i = 0; i < 10; i++) expect((await post(t, URL, form(mobile, '999999'), ip)).statusCode).toBe(400);
    const before = await t.snapshot();
    const res = await post(t, URL, form(mobile, code), ip);
    expectRejected(res, 429);
    expect((await t.snapshot()).agent_applications).toBe(before.agent_applications);
    // looking up by mobile and code is counted too; by the kept key it is not (a page visit)
    for (let i = 0; i < 10; i++) expect((await post(t, `${URL}/lookup`, { mobile, code: '999999' }, ip)).statusCode).toBe(400);
    expectRejected(await post(t, `${URL}/lookup`, { mobile, code }, ip), 429);
    expect((await post(t, `${URL}/lookup`, { key: 'k'.repeat(32) }, ip)).statusCode).toBe(200);
  });
});
