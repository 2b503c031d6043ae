// One server process's start-up on DATABASE_URL, as main.ts does it (migrate, then the demo seed),
// for processes.test.ts: it loads everything, says "ready", waits for "go" on stdin so that two
// workers start at the same moment, then prints what it did as one JSON line.
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';

const db = await connect(process.env.DATABASE_URL!);
process.stdout.write('ready\n');
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
try {
  const applied = await migrate(db);
  const seeded = await seedDemo(db);
  process.stdout.write(JSON.stringify({ applied, seeded }) + '\n');
} finally {
  await db.close();
  process.stdin.destroy();
}
