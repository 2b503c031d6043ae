// An /agent application written straight into the table, for tests that decide one in the console
// (filing it through /agent is agentApplications.test.ts's). Answers its id and access key.
import type { TestApp } from './harness';

let seq = 0;

export async function applicationThrough(t: TestApp, agentId: number): Promise<{ id: number; key: string }> {
  const now = new Date().toISOString();
  const n = seq++;
  const key = `k${Date.now()}${n}`.padEnd(32, 'x');
  const r = await t.db.kysely
    .insertInto('agent_applications')
    .values({
      application_no: `A261124${String(n).padStart(6, '0')}`,
      access_key: key,
      agent_id: agentId,
      name: '王小明',
      mobile: `1391111${String(n).padStart(4, '0')}`,
      open_mobile: null,
      province: '浙江省',
      city: '杭州市',
      channel: 'online_shop',
      notes: '',
      status: 'submitted',
      reject_reason: '',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: r.id, key };
}
