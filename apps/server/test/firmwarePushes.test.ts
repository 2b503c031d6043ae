// Every firmware push in the operator's scope (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md):
// each push of every state with its device, card, image, who started it and when it started and
// ended, filtered by state, model and start time, by keyset pages; an agent administrator sees only
// their agents' devices; a bad filter is refused in words and writes nothing. On the demo's
// simulated devices, which check in hourly here. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { firmwareIdsFromAudit } from '../src/db/migrations/048_firmware_push_image';
import { DEMO_FIRMWARE, DEVICE_DEMO } from '../src/db/seedDevices';
import { clock } from '../src/lib/clock';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const CPE = DEVICE_DEMO.cpe;
const CPE2 = DEVICE_DEMO.unbound;
const MIFI = DEVICE_DEMO.offline;
const [CPE_FW, MIFI_FW] = DEMO_FIRMWARE;
const HOUR = 3_600_000;

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

interface Push {
  id: number;
  custom_num: string;
  serial: string;
  model: string;
  model_name: string;
  version: string;
  state: string;
  state_text: string;
  requested_by: string;
  created_at: string;
  settled_at: string;
}
type Page = { items: Push[]; next_before_id: number | null };

async function imageId(t: TestApp, cookie: string, model: string, version: string): Promise<number> {
  const list = ok<{ items: { id: number; model: string; version: string }[] }>(await adminGet(t, '/api/admin/devices/firmware', cookie));
  return list.items.find((i) => i.model === model && i.version === version)!.id;
}

for (const kind of databases()) {
  describe(`the console's list of firmware pushes (${kind})`, () => {
    const t = useTestApp(kind, { deviceCheckinMs: HOUR });
    const pushes = async (cookie: string, query = '') => ok<Page>(await adminGet(t, `/api/admin/devices/firmware/pushes${query}`, cookie));
    const serials = (p: Page) => p.items.map((i) => i.serial);

    it('lists every push with its image, who started it and its times; followed to 已生效; filtered and paged', async () => {
      let support = await loginAs(t, 'support');
      const cpeFw = await imageId(t, support, CPE_FW.model, CPE_FW.version);
      const mifiFw = await imageId(t, support, MIFI_FW.model, MIFI_FW.version);
      expect((await pushes(support)).items).toEqual([]);
      const started = clock.iso();
      ok(
        await adminPost(
          t,
          '/api/admin/devices/firmware/push',
          { custom_num: CPE.customNum, also: [CPE2.customNum], firmware_id: cpeFw, reason: '修复掉线问题' },
          support,
        ),
      );
      const mifi = ok(
        await adminPost(
          t,
          '/api/admin/devices/firmware/push',
          { custom_num: MIFI.customNum, firmware_id: mifiFw, reason: '省电' },
          support,
        ),
      );
      ok(
        await adminPost(
          t,
          '/api/admin/devices/tasks/cancel',
          { custom_num: MIFI.customNum, id: mifi.items[0].task.id, reason: '用户要求暂缓' },
          support,
        ),
      );

      const all = await pushes(support);
      expect(serials(all)).toEqual([MIFI.serial, CPE2.serial, CPE.serial]);
      expect(all.next_before_id).toBeNull();
      expect(all.items[0]).toMatchObject({
        custom_num: MIFI.customNum,
        model: MIFI_FW.model,
        model_name: '4G 随身WiFi',
        version: MIFI_FW.version,
        state: 'cancelled',
        state_text: '已撤销',
      });
      expect(all.items[2]).toMatchObject({
        custom_num: CPE.customNum,
        model: CPE_FW.model,
        version: CPE_FW.version,
        state: 'pending',
        state_text: '待生效',
        requested_by: expect.stringMatching(/^客服 /),
        settled_at: '',
      });
      expect(all.items[2]!.created_at >= started).toBe(true);

      // the routers check in, flash it: the list asks and shows 已生效 with the time it ended, and records it
      clock.advance(HOUR + 1_000);
      // a new session: the hour idled the first one out
      support = await loginAs(t, 'support');
      const done = await pushes(support, '?state=applied');
      expect(serials(done).sort()).toEqual([CPE.serial, CPE2.serial].sort());
      expect(done.items.every((i) => i.state_text === '已生效' && i.settled_at > started)).toBe(true);
      const rows = await t.db.kysely.selectFrom('device_changes').select('state').where('kind', '=', 'firmware').execute();
      expect(rows.map((r) => r.state).sort()).toEqual(['applied', 'applied', 'cancelled']);

      // filters: state, model, start time (Beijing days as the console sends them), pages of one
      expect(serials(await pushes(support, '?state=cancelled'))).toEqual([MIFI.serial]);
      expect(serials(await pushes(support, '?state=pending'))).toEqual([]);
      expect(serials(await pushes(support, `?model=${encodeURIComponent(CPE_FW.model)}`))).toEqual([CPE2.serial, CPE.serial]);
      const later = new Date(clock.now().getTime() + 60_000).toISOString();
      expect((await pushes(support, `?from=${encodeURIComponent(later)}`)).items).toEqual([]);
      expect(
        serials(await pushes(support, `?from=${encodeURIComponent(started.replace('Z', '+00:00'))}&to=${encodeURIComponent(later)}`)),
      ).toHaveLength(3);
      const first = await pushes(support, '?limit=2');
      expect(serials(first)).toEqual([MIFI.serial, CPE2.serial]);
      const second = await pushes(support, `?limit=2&before_id=${first.next_before_id}`);
      expect(serials(second)).toEqual([CPE.serial]);
      expect(second.next_before_id).toBeNull();
    });

    it('an agent administrator sees only their agents’ pushes; the platform all; finance none', async () => {
      const acme = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'acme').executeTakeFirstOrThrow();
      const demo = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
      await t.db.kysely.updateTable('cards').set({ agent_id: acme.id }).where('custom_num', '=', CPE2.customNum).execute();
      try {
        const agent = await loginAs(t, 'agent');
        const mine = await pushes(agent);
        expect(serials(mine)).toContain(CPE.serial);
        expect(serials(mine)).not.toContain(CPE2.serial);
        expect(serials(await pushes(agent, `?model=${encodeURIComponent(CPE_FW.model)}`))).toEqual([CPE.serial]);
        expect(serials(await pushes(await loginAs(t, 'admin')))).toContain(CPE2.serial);
        expect((await adminGet(t, '/api/admin/devices/firmware/pushes', await loginAs(t, 'finance'))).statusCode).toBe(403);
      } finally {
        await t.db.kysely.updateTable('cards').set({ agent_id: demo.id }).where('custom_num', '=', CPE2.customNum).execute();
      }
    });

    it('a bad filter is refused in words and writes nothing', async () => {
      const agent = await loginAs(t, 'agent');
      const cases: [string, RegExp][] = [
        ['?state=sometimes', /推送状态有误/],
        ['?from=yesterday', /时间格式有误/],
        [
          `?from=${encodeURIComponent('2026-03-02T00:00:00+08:00')}&to=${encodeURIComponent('2026-03-01T00:00:00+08:00')}`,
          /开始时间须早于结束时间/,
        ],
        ['?limit=0', /分页参数有误/],
        ['?limit=500', /每页最多 100 条/],
        ['?before_id=-1', /分页参数有误/],
        [`?model=${'x'.repeat(65)}`, /设备型号有误/],
      ];
      for (const [query, message] of cases) {
        const before = await t.snapshot();
        const res = await adminGet(t, `/api/admin/devices/firmware/pushes${query}`, agent);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().message, query).toMatch(message);
        expect(await t.snapshot()).toEqual(before);
      }
    });

    it('a push made before its image was recorded on the change is told by its audit row (migration 048)', async () => {
      const [row] = await t.db.kysely
        .selectFrom('device_changes')
        .select(['id', 'firmware_id'])
        .where('kind', '=', 'firmware')
        .orderBy('id')
        .execute();
      await t.db.kysely.updateTable('device_changes').set({ firmware_id: null }).where('id', '=', row!.id).execute();
      const support = await loginAs(t, 'support');
      expect((await pushes(support)).items.find((i) => i.id === row!.id)).toMatchObject({ model: '', version: CPE_FW.version });
      await firmwareIdsFromAudit(t.db.kysely as never);
      const back = await t.db.kysely.selectFrom('device_changes').select('firmware_id').where('id', '=', row!.id).executeTakeFirstOrThrow();
      expect(back.firmware_id).toBe(row!.firmware_id);
      expect((await pushes(support)).items.find((i) => i.id === row!.id)).toMatchObject({ model: CPE_FW.model });
    });
  });
}
