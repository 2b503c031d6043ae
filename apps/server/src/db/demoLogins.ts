import type { Db } from './connect';

// Whether a database holds the demo logins: production refuses to start on one (main.ts,
// docs/decisions/0016) — a portal tried out in development, then switched to production on the same
// database, would keep the demo account and card passwords that the README publishes. The hashes
// are the demo data's own (db/seed.ts; demoLogins.test.ts keeps them in step), repeated here so
// that production never loads the demo data module with its plain passwords.
export const DEMO_LOGIN_HASHES = {
  // today's (2^17) and, for databases seeded before docs/decisions/0022, the 2^14 ones; a login
  // rehashes the old one with the same salt, which gives the new one: both stay recognisable
  account: [
    'scrypt$131072$8$1$HOkio5I3bX4XzURvij3p5A==$1tGCc7k7f9KtV/+4AUNrrceSfyDiy/7uibpYET1XtDk=',
    'scrypt$16384$8$1$HOkio5I3bX4XzURvij3p5A==$4ezuSMAJX7oSILf675Lu5TaZd137dyXCa37KpzI+cTE=',
  ],
  card: [
    'scrypt$131072$8$1$TmJNQwifTyktOaiz2U53RQ==$cRZBQlodoNovjQ/SXVPIatWT2zpKZ/G11CeS1d5d42U=',
    'scrypt$16384$8$1$TmJNQwifTyktOaiz2U53RQ==$aJFz6HV0O7P9TvnbPMnASIky3xZ4qNDOJJvwi9DtKfM=',
  ],
} as const;

/** The demo platform administrator's hash (seedOperators.ts): its password is in the README too. */
export const DEMO_OPERATOR_HASH = 'scrypt$16384$8$1$fADRCg1v7ruJkkipbC7QGQ==$JMQ973G3oz1qGU5H3i/adAFbepb6pEc8O3/EMrvMtbI=';

/** Reads only; a database without the tables yet (never migrated) holds none. */
export async function holdsDemoLogins(db: Db): Promise<boolean> {
  try {
    const user = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('password_hash', 'in', DEMO_LOGIN_HASHES.account)
      .limit(1)
      .executeTakeFirst();
    if (user) return true;
    const card = await db.kysely
      .selectFrom('cards')
      .select('id')
      .where('password_hash', 'in', DEMO_LOGIN_HASHES.card)
      .limit(1)
      .executeTakeFirst();
    if (card) return true;
    return !!(await holdsDemoOperator(db));
  } catch (err) {
    if (/no such table|does not exist/i.test((err as Error).message)) return false;
    throw err;
  }
}

async function holdsDemoOperator(db: Db): Promise<boolean> {
  try {
    const op = await db.kysely
      .selectFrom('operators')
      .select('id')
      .where('password_hash', '=', DEMO_OPERATOR_HASH)
      .limit(1)
      .executeTakeFirst();
    return !!op;
  } catch (err) {
    // a database from before the console (014) has no operators
    if (/no such table|does not exist/i.test((err as Error).message)) return false;
    throw err;
  }
}
