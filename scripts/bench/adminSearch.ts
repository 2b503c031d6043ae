// Console card search at scale (docs/decisions/0018): the same searches at 1,000 and at 1,000,000 generated
// cards, each in its own SQLite file (migrated and seeded like production, then filled by
// generateAdminSearchCards), run through the console's search service as a platform administrator
// and as an agent administrator; the median of RUNS runs per search. Target: at a million cards
// every common search answers within 2× its time at a thousand (keyset pagination and an index
// per filter, so a page reads ~limit rows whatever the table holds).
//
// Standalone: `node --import tsx scripts/bench/adminSearch.ts` (BENCH_CARDS_BIG to change the
// million); `npm run bench` runs it too (benchAdminCardSearch).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connect, type Db } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import type { AdminActor } from '../../apps/server/src/modules/admin/access/actor';
import { search } from '../../apps/server/src/modules/admin/cards/service';

const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 21);
/** rows per INSERT … SELECT: all in one transaction */
const BATCH = 50_000;
/** one generated card in BOUND_EVERY is bound to a generated user with a mobile */
const BOUND_EVERY = 10;

/**
 * Adds `n` cards (numbers 7000000000 + i) to a seeded database, spread over its agents, states,
 * networks and series, a tenth bound to users with mobiles 139xxxxxxxx. Batched INSERT … SELECT
 * over a generated sequence in one transaction: a million cards in seconds.
 */
export async function generateAdminSearchCards(db: Db, n: number): Promise<void> {
  const k = db.kysely;
  const agents = (await k.selectFrom('agents').select('id').orderBy('id').execute()).map((a) => a.id);
  const now = new Date().toISOString();
  await k.transaction().execute(async (trx) => {
    for (let from = 0; from < n; from += BATCH) {
      const to = Math.min(n, from + BATCH);
      await sql`
        with recursive seq(i) as (select ${sql.lit(from)} union all select i + 1 from seq where i + 1 < ${sql.lit(to)})
        insert into cards (custom_num, agent_id, iccid, isdn, bind_iccid, channel_id, state, supplier, supplier_state,
          supplier_auth_state, auth_state, real_name_order, pre_store, pre_store_show, pre_store_mold, fake_real_name,
          member_right_switch, balance_fen, balance_order_has_payment, order_has_payment, has_first_balance_order,
          need_change_card, need_auth, need_id, multi_series, package_series_ids, package_mold, def_package_id,
          market_group_id, card_mold, algorithm, series_type, is_skip, superior_card_num, verify_url, real_name_url,
          ordered_flag, mobile_real_name_mold, expired_at, member_expired_at, password_hash, reserve_mobile,
          flow_synced_at, created_at)
        select cast(7000000000 + i as text),
          case when i % 10 < 7 then ${sql.lit(agents[0]!)} else ${sql.lit(agents[agents.length - 1]!)} end,
          '89860177' || substr('000000000000' || i, -12, 12), '1447' || substr('000000000' || i, -9, 9), '', 1,
          case when i % 10 < 7 then 1 when i % 10 = 7 then 3 when i % 10 = 8 then 0 else 4 end,
          1 + i % 3, 1, i % 2, i % 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
          case when i % 10 < 7 then '[' || (1 + i % 2) || ']' else '[3]' end,
          1, 0, 0, 1, 0, 1, 0, '', '', '', 0, 0, ${now}, '', null, null, '',
          ${new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10)} || 'T00:00:00.000Z'
        from seq`.execute(trx);
    }
    // users with mobiles, each bound to one card in BOUND_EVERY
    const firstId = (await trx.selectFrom('cards').select('id').where('custom_num', '=', '7000000000').executeTakeFirstOrThrow()).id;
    await sql`
      with recursive seq(i) as (select 0 union all select i + ${sql.lit(BOUND_EVERY)} from seq where i + ${sql.lit(BOUND_EVERY)} < ${sql.lit(n)})
      insert into users (agent_id, mobile, account, password_hash, created_at)
      select ${sql.lit(agents[0]!)}, '139' || substr('00000000' || i, -8, 8), null, null, ${now} from seq`.execute(trx);
    await sql`
      insert into card_bindings (user_id, card_id, remark, created_at)
      select u.id, ${sql.lit(firstId)} + cast(substr(u.mobile, 4) as integer), '', ${now}
      from users u where u.mobile like '139%'`.execute(trx);
  });
  await sql`analyze`.execute(k);
}

const ADMIN: AdminActor = {
  id: 1,
  username: 'bench',
  displayName: 'bench',
  role: 'platform_admin',
  agentId: null,
  sessionId: 0,
  requestId: 'bench',
  ip: '127.0.0.1',
};

interface SearchCase {
  name: string;
  agent?: boolean;
  /** false: reported, not held to the 2× target (a prefix matching most of the table) */
  common?: boolean;
  query: Record<string, string | number>;
}

/** The common searches of the console (n: the number of generated cards, for the number filters). */
const iccidOf = (i: number) => `89860177${String(i).padStart(12, '0')}`;

function cases(n: number): SearchCase[] {
  const mid = 7000000000 + Math.floor(n / 2);
  return [
    { name: '全部（第一页）', query: {} },
    { name: '代理管理员：全部', agent: true, query: {} },
    { name: '代理管理员：状态=已激活', agent: true, query: { state: 1 } },
    { name: '状态=已停机', query: { state: 3 } },
    { name: '运营商=中国联通', query: { supplier: 2 } },
    { name: '卡号前缀（9 位）', query: { number: String(mid).slice(0, 9) } },
    { name: '卡号精确', query: { number: String(mid) } },
    { name: 'ICCID 前缀（18 位）', query: { number: iccidOf(Math.floor(n / 2)).slice(0, 18) } },
    { name: 'ICCID 宽前缀（全部匹配）', query: { number: '898601770000' } },
    { name: '绑定手机号', query: { mobile: `139${String(Math.floor(n / 2 / BOUND_EVERY) * BOUND_EVERY).padStart(8, '0')}` } },
    { name: '已绑定', query: { bound: 'yes' } },
    { name: '未实名', query: { real_name: 'no' } },
    { name: '套餐系列=1', query: { series_id: 1 } },
    { name: '第 2 页（键集）', query: { before_id: 0 } },
  ];
}

async function timeSearch(db: Db, op: AdminActor, query: Record<string, unknown>, runs = RUNS): Promise<{ ms: number; rows: number }> {
  const times: number[] = [];
  let rows = 0;
  // warm-up (JIT, page cache), not timed
  for (let i = 0; i < Math.min(3, runs); i++) await search(db.kysely, op, { limit: 50, ...query } as Parameters<typeof search>[2]);
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const r = await search(db.kysely, op, { limit: 50, ...query } as Parameters<typeof search>[2]);
    times.push(performance.now() - t);
    rows = r.items.length;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, rows };
}

async function measure(n: number, dir: string) {
  const db = await connect(join(dir, `cards-${n}.db`));
  try {
    await migrate(db);
    await seedDemo(db);
    const t = performance.now();
    await generateAdminSearchCards(db, n);
    const genSeconds = (performance.now() - t) / 1000;
    const demo = (await db.kysely.selectFrom('agents').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const agentOp: AdminActor = { ...ADMIN, role: 'agent_admin', agentId: demo };
    const out: { name: string; common: boolean; ms: number; rows: number }[] = [];
    for (const c of cases(n)) {
      const op = c.agent ? agentOp : ADMIN;
      let query: Record<string, unknown> = c.query;
      if ('before_id' in query) {
        const first = await search(db.kysely, op, { limit: 50 } as Parameters<typeof search>[2]);
        query = { before_id: first.next_before_id };
      }
      out.push({ name: c.name, common: c.common !== false, ...(await timeSearch(db, op, query, c.common === false ? 3 : RUNS)) });
    }
    return { n, genSeconds, results: out };
  } finally {
    await db.close();
  }
}

export interface AdminSearchBench {
  small: Awaited<ReturnType<typeof measure>>;
  big: Awaited<ReturnType<typeof measure>>;
  rows: { name: string; common: boolean; smallMs: number; bigMs: number; ratio: number; pass: boolean }[];
  pass: boolean;
}

/** The bench: 1,000 vs BENCH_CARDS_BIG (1,000,000) cards; prints a table; PASS when each search is within 2×. */
export async function benchAdminCardSearch(bigN = Number(process.env.BENCH_CARDS_BIG ?? 1_000_000)): Promise<AdminSearchBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-admin-search-'));
  try {
    const small = await measure(1000, dir);
    const big = await measure(bigN, dir);
    console.log(
      `  generated ${small.n} cards in ${small.genSeconds.toFixed(1)} s, ${big.n.toLocaleString()} in ${big.genSeconds.toFixed(1)} s; median of ${RUNS} runs, page of 50`,
    );
    // a floor of 0.05 ms: below it the clock, not the query, decides the ratio
    const rows = small.results.map((s, i) => {
      const b = big.results[i]!;
      const ratio = Math.max(b.ms, 0.05) / Math.max(s.ms, 0.05);
      return { name: s.name, common: s.common, smallMs: s.ms, bigMs: b.ms, ratio, pass: ratio <= 2 };
    });
    for (const r of rows)
      console.log(
        `  ${r.common ? (r.pass ? 'PASS' : 'FAIL') : 'INFO'}  ${r.name.padEnd(20)} 1K ${r.smallMs.toFixed(2).padStart(7)} ms   ${big.n.toLocaleString()} ${r.bigMs.toFixed(2).padStart(7)} ms   ×${r.ratio.toFixed(2)}`,
      );
    return { small, big, rows, pass: rows.every((r) => r.pass || !r.common) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchAdminCardSearch().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
