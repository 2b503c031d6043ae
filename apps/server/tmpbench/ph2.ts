import { connect } from '../src/db/connect';
import * as cardsRepo from '../src/modules/cards/repo';
import * as memberRepo from '../src/modules/membership/repo';
import * as authRepo from '../src/modules/auth/repo';
const db = await connect('/tmp/prof.db');
const k = db.kysely;
const N = 50000;
async function time(name: string, f: () => Promise<unknown>) {
  for (let i = 0; i < 3000; i++) await f();
  const c0 = process.cpuUsage();
  for (let i = 0; i < N; i++) await f();
  const c = process.cpuUsage(c0);
  console.log(name.padEnd(20), ((c.user + c.system) / N).toFixed(2), 'µs cpu', (c.system / N).toFixed(2), 'sys');
}
const th = (await k.selectFrom('sessions').select('token_hash').executeTakeFirstOrThrow()).token_hash;
await time('session', () => authRepo.sessionByTokenHash(k, th));
await time('cardInfoRow', () => cardsRepo.cardInfoRow(k, '1000000001', 1, '2026-11-24'));
await time('levels', () => memberRepo.levelsUnorderedOf(k, 1));
await time('all three', async () => { await authRepo.sessionByTokenHash(k, th); await cardsRepo.cardInfoRow(k, '1000000001', 1, '2026-11-24'); await memberRepo.levelsUnorderedOf(k, 1); });
