// `npm run bench:generate` — a SQLite file with the demo data plus BENCH_CARDS (default 1,000,000)
// generated cards, each with BENCH_DAYS (default 30) days of usage, a package in force and an
// owner (one generated user per two cards), for measuring card info and the usage pages at that
// size (`BENCH_DB=<file> npm run bench:card`; docs/capacity-measurements.md). The last generated
// card is also bound to the demo account, so the bench can log in as demo and ask about it.
//
// Fast: the server's own migrations and demo seed first, then every generated row by SQL inside
// SQLite (recursive sequences, one transaction per table, the demo card 1000000001 as the template
// row), with the journal off: a bench file, rebuilt rather than repaired.
//
// Options (env): BENCH_DB (default .bench/million.db; replaced), BENCH_CARDS, BENCH_DAYS.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { chinaDate } from '@portal/domain';
import { connect } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { DEMO, seedDemo } from '../../apps/server/src/db/seed';
import { repoRoot } from './processes';

const FILE = process.env.BENCH_DB ?? join(repoRoot, '.bench/million.db');
const CARDS = Number(process.env.BENCH_CARDS ?? 1_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
/** generated card numbers: 2 and nine digits (the demo cards are 10000000xx) */
const num = (n: number) => `2${String(n).padStart(9, '0')}`;
export const LAST_GENERATED_CARD = num(CARDS - 1);

async function main() {
  if (!Number.isInteger(CARDS) || CARDS < 1 || CARDS > 9_999_999) throw new Error('BENCH_CARDS: 1 … 9,999,999');
  const t0 = Date.now();
  mkdirSync(dirname(FILE), { recursive: true });
  for (const f of [FILE, `${FILE}-wal`, `${FILE}-shm`]) if (existsSync(f)) rmSync(f);
  const db = await connect(FILE);
  await migrate(db);
  await seedDemo(db);
  await db.close();

  const sqlite = new DatabaseSync(FILE);
  sqlite.exec('PRAGMA journal_mode = OFF');
  sqlite.exec('PRAGMA synchronous = OFF');
  sqlite.exec('PRAGMA cache_size = -262144'); // 256 MiB while generating
  const step = (what: string, sql: string, params: unknown[] = []) => {
    const t = Date.now();
    // one statement: atomic by itself
    const r = sqlite.prepare(sql).run(...(params as SQLInputValue[]));
    console.log(`  ${what.padEnd(44)} ${String(r.changes).padStart(10)} rows  ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  const seq = (n: number) => `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${n - 1})`;
  const columns = (table: string, except: string[]) =>
    (sqlite.prepare(`PRAGMA table_info(${table})`).all() as unknown as { name: string }[])
      .map((c) => c.name)
      .filter((c) => !except.includes(c));

  console.log(`generating ${CARDS.toLocaleString('en')} cards × ${DAYS} days into ${FILE}`);
  const today = chinaDate(new Date());
  const cardCols = columns('cards', [
    'id',
    'custom_num',
    'iccid',
    'isdn',
    'bind_iccid',
    'password_hash',
    'reserve_mobile',
    'flow_synced_at',
  ]);
  // usage taken from the carrier just now, like a card in daily use (an unsynced card would ask
  // the carrier on its first card info)
  step(
    'cards (template: the demo card 1000000001)',
    `${seq(CARDS)} INSERT INTO cards (custom_num, iccid, isdn, bind_iccid, password_hash, reserve_mobile, flow_synced_at, ${cardCols.join(', ')})
     SELECT printf('2%09d', n), printf('898600%014d', n), printf('1440%09d', n), '', NULL, NULL, ?, ${cardCols.map((c) => `t.${c}`).join(', ')}
     FROM seq, (SELECT * FROM cards WHERE custom_num = '1000000001') t`,
    [new Date().toISOString()],
  );
  // the carrier simulator's line of each card (what a real carrier would know about it)
  const lineCols = columns('sim_lines', ['custom_num']);
  step(
    'sim_lines (the carrier simulator)',
    `INSERT INTO sim_lines (custom_num, ${lineCols.join(', ')})
     SELECT c.custom_num, ${lineCols.map((c) => `t.${c}`).join(', ')} FROM cards c, (SELECT * FROM sim_lines WHERE custom_num = '1000000001') t
     WHERE c.custom_num >= '2'`,
  );
  const firstId = (sqlite.prepare(`SELECT id FROM cards WHERE custom_num = ?`).get(num(0)) as unknown as { id: number }).id;
  step(
    `card_flow_daily (${DAYS} days each)`,
    `WITH RECURSIVE d(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM d WHERE k < ${DAYS - 1})
     INSERT INTO card_flow_daily (card_id, day, used_kb)
     SELECT c.id, date(?, '-' || k || ' days'), abs(random() % 3000000) FROM cards c, d WHERE c.id >= ? ORDER BY c.id, k`,
    [today, firstId],
  );
  const pkgCols = columns('card_packages', ['id', 'card_id']);
  step(
    'card_packages (one in force each)',
    `INSERT INTO card_packages (card_id, ${pkgCols.join(', ')})
     SELECT c.id, ${pkgCols.map((col) => `t.${col}`).join(', ')} FROM cards c,
       (SELECT p.* FROM card_packages p JOIN cards k ON k.id = p.card_id WHERE k.custom_num = '1000000001' ORDER BY p.expired_at DESC LIMIT 1) t
     WHERE c.id >= ?`,
    [firstId],
  );
  const userCols = columns('users', ['id', 'mobile', 'account', 'password_hash']);
  const users = Math.ceil(CARDS / 2);
  step(
    'users (one per two cards)',
    `${seq(users)} INSERT INTO users (mobile, account, password_hash, ${userCols.join(', ')})
     SELECT printf('17%09d', n), NULL, NULL, ${userCols.map((c) => `t.${c}`).join(', ')} FROM seq, (SELECT * FROM users WHERE account = ?) t`,
    [DEMO.account],
  );
  const firstUser = (sqlite.prepare(`SELECT id FROM users WHERE mobile = ?`).get(`17${'0'.repeat(9)}`) as unknown as { id: number }).id;
  const bindCols = columns('card_bindings', ['id', 'user_id', 'card_id', 'created_at']);
  step(
    'card_bindings (each card to its user)',
    `INSERT INTO card_bindings (user_id, card_id, created_at, ${bindCols.join(', ')})
     SELECT CAST(? AS INTEGER) + (c.id - CAST(? AS INTEGER)) / 2, c.id, c.created_at, ${bindCols.map((c) => `t.${c}`).join(', ')} FROM cards c,
       (SELECT b.* FROM card_bindings b JOIN cards k ON k.id = b.card_id WHERE k.custom_num = '1000000001') t
     WHERE c.id >= ? AND c.custom_num <> ?`,
    [firstUser, firstId, firstId, LAST_GENERATED_CARD],
  );
  step(
    'the last generated card bound to the demo account',
    `INSERT INTO card_bindings (user_id, card_id, created_at, ${bindCols.join(', ')})
     SELECT (SELECT id FROM users WHERE account = ?), c.id, c.created_at, ${bindCols.map((c) => `t.${c}`).join(', ')} FROM cards c,
       (SELECT b.* FROM card_bindings b JOIN cards k ON k.id = b.card_id WHERE k.custom_num = '1000000001') t
     WHERE c.custom_num = ?`,
    [DEMO.account, LAST_GENERATED_CARD],
  );
  const t = Date.now();
  sqlite.exec('ANALYZE');
  console.log(`  ${'ANALYZE'.padEnd(44)} ${' '.repeat(15)}${((Date.now() - t) / 1000).toFixed(1)} s`);
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.close();
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s, ${(statSync(FILE).size / 2 ** 30).toFixed(2)} GiB`);
  console.log(`measure: BENCH_DB=${FILE} BENCH_CARD=${LAST_GENERATED_CARD} npm run bench:card (and BENCH_CARD=1000000001)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
