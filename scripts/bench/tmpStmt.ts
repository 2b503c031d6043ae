import { DatabaseSync } from 'node:sqlite';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { connect } from '../../apps/server/src/db/connect';

const file = '/tmp/stmt-bench.db';
for (const f of [file, file + '-wal', file + '-shm']) (await import('node:fs')).rmSync(f, { force: true });
{
  const d = await connect(file);
  await migrate(d);
  await seedDemo(d);
  await d.close();
}
// the statement card info prepares
let cardInfoSql = '';
const prepare = DatabaseSync.prototype.prepare;
DatabaseSync.prototype.prepare = function (this: DatabaseSync, sql: string) {
  if (sql.includes('card_flow_daily') && sql.includes('member_levels')) cardInfoSql = sql;
  return prepare.call(this, sql);
} as typeof prepare;
const { cardInfoRow } = await import('../../apps/server/src/modules/cards/repo');
const db = await connect(file);
let captured: { sql: string; parameters: readonly unknown[] } | undefined;
const k = db.kysely.withPlugin({
  transformQuery: (a: any) => a.node,
  transformResult: async (a: any) => a.result,
} as any);
void k;
// capture via a logging executor: run once with kysely's log hook
const orig = (db.kysely.getExecutor() as any).adapter;
void orig;
const row = await cardInfoRow(db.kysely, '1000000001', 1, '2026-12-03');
console.log('row ok', !!row);
await db.close?.();
const sqlite = new DatabaseSync(file);
const explain = (sql: string, params: unknown[]) => sqlite.prepare('EXPLAIN QUERY PLAN ' + sql).all(...(params as any[]));
void explain; void captured;
const floor = sqlite.prepare('select * from cards where custom_num = ?');
const session = sqlite.prepare('select user_id, expires_at, revoked_at from sessions where token_hash = ?');
const time = (name: string, f: () => unknown, n = 20000) => {
  for (let i = 0; i < 2000; i++) f();
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) f();
  console.log(name, (Number(process.hrtime.bigint() - t) / n / 1000).toFixed(1), 'µs');
};
time('floor card', () => floor.all('1000000001'));
time('session', () => session.all('x'));
const cardSql = process.env.CARD_SQL ?? cardInfoSql;
console.log(cardSql);
if (cardSql) {
  const st = sqlite.prepare(cardSql);
  time('card info', () => st.all('1000000001', 1, '2026-12-03'));
  console.log(explain(cardSql, ['1000000001', 1, '2026-12-03']));
}
