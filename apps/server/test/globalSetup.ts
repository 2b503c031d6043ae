// Once per API run, before any test file: the databases every file copies its own from
// (./templates.ts). Migrating and seeding per file cost 7–9.5 s on PostgreSQL, 107 times.
import { prepareTemplates } from './templates';

export default async function setup(): Promise<() => Promise<void>> {
  const prepared = await prepareTemplates();
  // the test processes vitest starts after this inherit the environment
  prepared.publish();
  return () => prepared.remove();
}
