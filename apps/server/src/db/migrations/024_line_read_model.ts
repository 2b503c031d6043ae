import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The line's read model (docs/decisions/0029-one-read-model-of-a-line.md) needs two facts the card
// did not keep:
//   cards.resume_requested_at  a payment or recharge fixed what stopped the line and the carrier was
//                              asked to resume it (ISO; '' none): the pages say 正在恢复 until the
//                              carrier reports the line in service, and the restore job asks again;
//   cards.apn, apn_expected    the APN the carrier last found the line set to, and the one it needs
//                              ('' = never tested): a wrong APN is a fault every page names;
//   sim_lines.status_since     the carrier simulator's day of the line's last status change: a line
//                              put back in service today did not use data the days it was stopped;
//   order_deliveries.resumes_line  1 when the delivery fixed the stop and asked for the resume: the
//                              result page says 已恢复上网 / 正在恢复 for that order.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('cards')
    .addColumn('resume_requested_at', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('cards')
    .addColumn('apn', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('cards')
    .addColumn('apn_expected', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s
    .alterTable('order_deliveries')
    .addColumn('resumes_line', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s
    .alterTable('sim_lines')
    .addColumn('status_since', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await s.createIndex('cards_resume_requested').on('cards').columns(['resume_requested_at']).execute();
}
