// Once per e2e run, before any journey: one database migrated and seeded by the compiled server,
// which every journey's server then starts on a copy of (e2e/harness.ts, startPortal). A journey's
// start used to migrate and seed a database of its own, the same every time.
import { prepareDatabase } from './harness';

export default async function setup(): Promise<() => void> {
  const prepared = await prepareDatabase();
  // the workers vitest starts after this inherit the environment
  process.env.E2E_PREPARED_DB = prepared.file;
  process.env.E2E_PREPARED_DAY = prepared.day;
  return () => prepared.remove();
}
