import type { Db } from './connect';

/** Whether the database answers a query now (the readiness probe). */
export async function databaseAnswers(db: Db): Promise<boolean> {
  try {
    await db.kysely.selectFrom('agents').select('id').limit(1).execute();
    return true;
  } catch {
    return false;
  }
}
