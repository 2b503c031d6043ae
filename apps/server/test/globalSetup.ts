// Once per API run, before any test file: the databases every file copies its own from
// (./templates.ts). Migrating and seeding per file cost 7–9.5 s on PostgreSQL, 107 times.
// Not when the run moves "today" (TEST_TODAY, scripts/test/dates.sh): a file then seeds its own,
// laid out around its day, and a template made for the real day would only be thrown away.
import { prepareTemplates } from './templates';

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_TODAY) return undefined;
  const prepared = await prepareTemplates();
  // the test processes vitest starts after this inherit the environment
  prepared.publish();
  return () => prepared.remove();
}
