import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';
import { randomBytes, randomInt, scrypt } from 'node:crypto';

/**
 * lib/password's hash format (`scrypt$N$r$p$salt$key`) at 2^12, written out here: db/ stays below
 * lib/ (dependency rules), and a migration stays as it was written. The first use of the password
 * hashes it again at the configured cost (decision 0022).
 */
function hashAtBulkCost(password: string): Promise<string> {
  const n = 2 ** 12;
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: n, r: 8, p: 1 }, (err, key) =>
      err ? reject(err) : resolve(`scrypt$${n}$8$1$${salt.toString('base64')}$${key.toString('base64')}`),
    ),
  );
}

// Every card has a card password (docs/decisions/0028): binding proves possession with it.
//   card_password_handouts  generated passwords the operator has not yet taken, in clear, one row
//                           per card: the console lists their count and hands them out ONCE (a
//                           download that deletes them), to be printed and sent to the holders.
// Cards that had none get one now, listed there with reason 'migration'. Hashed at the bulk cost;
// the first use of the password hashes it again at the configured cost (decision 0022).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const t = db.schema.createTable('card_password_handouts');
  await (
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('card_id', 'integer', (c) => c.notNull().unique().references('cards.id').onDelete('cascade'))
    .addColumn('custom_num', 'text', (c) => c.notNull())
    .addColumn('password', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await givePasswordsToCardsWithout(db);
}

/** Every card without a password gets a generated one, listed for the operator (exported for its test). */
export async function givePasswordsToCardsWithout(db: Kysely<any>): Promise<number> {
  const now = new Date().toISOString();
  let given = 0;
  for (;;) {
    const cards: { id: number; custom_num: string }[] = await db
      .selectFrom('cards')
      .select(['id', 'custom_num'])
      .where('password_hash', 'is', null)
      .orderBy('id')
      .limit(200)
      .execute();
    if (cards.length === 0) break;
    // what modules/cardPassword/generate.ts does, written out: a migration stays as it was written
    const made = await Promise.all(
      cards.map(async () => {
        const password = String(randomInt(0, 1_000_000)).padStart(6, '0');
        return { password, hash: await hashAtBulkCost(password) };
      }),
    );
    for (const [i, card] of cards.entries()) {
      await db.updateTable('cards').set({ password_hash: made[i]!.hash }).where('id', '=', card.id).execute();
      await db
        .insertInto('card_password_handouts')
        .values({ card_id: card.id, custom_num: card.custom_num, password: made[i]!.password, reason: 'migration', created_at: now })
        .execute();
    }
    given += cards.length;
  }
  return given;
}
