import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Scheduled jobs, usage and expiry alerts, auto-renew (docs/decisions/0015-scheduled-jobs.md).
//   scheduled_jobs      one row per named job: the tick last claimed, by which runner, its lease;
//                       a claim is ONE conditional update of this row, so each tick runs once
//                       across every server process sharing the database, and never overlaps.
//   card_alert_settings what the card's owner chose: data alert (share or amount), expiry alert
//                       (N days before), auto-renew (which package).
//   card_notices        every alert sent, one per (card, kind, period) — the unique key is what
//                       keeps a crossing from notifying twice; shown on home until dismissed.
//   sim_usage_extra     the carrier simulator's control: extra usage pushed onto a line's day.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;

  await s
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    /** the tick number last claimed (floor(time / interval)); -1 never */
    .addColumn('tick', 'double precision', (c) => c.notNull())
    .addColumn('runner', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    /** the claim holds until then (renewed while the run lasts); a crashed runner's claim lapses */
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
    .execute();

  await s
    .createTable('card_alert_settings')
    .addColumn('card_id', 'integer', (c) => c.primaryKey().references('cards.id'))
    /** the owner who chose (the SMS goes to their mobile; an auto-renew order is theirs) */
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('data_alert', 'integer', (c) => c.notNull())
    /** percent | mb */
    .addColumn('threshold_unit', 'text', (c) => c.notNull())
    .addColumn('threshold_value', 'integer', (c) => c.notNull())
    .addColumn('expiry_alert', 'integer', (c) => c.notNull())
    .addColumn('expiry_days', 'integer', (c) => c.notNull())
    .addColumn('auto_renew', 'integer', (c) => c.notNull())
    /** the package auto-renew would buy when the owner turned it on (the job buys the card's
     *  current package as it is at renewal); null when auto-renew is off */
    .addColumn('renew_package_id', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const id =
    dialect === 'postgres'
      ? s.createTable('card_notices').addColumn('id', 'serial', (c) => c.primaryKey())
      : s.createTable('card_notices').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await id
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** data_low | expiry_soon | renew_soon | renewed | renew_short | renew_failed */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    /** recharge | renew | flow | order | '' */
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('dismissed_at', 'text')
    .addUniqueConstraint('card_notices_once', ['card_id', 'kind', 'period'])
    .execute();

  await s
    .createTable('sim_usage_extra')
    .addColumn('custom_num', 'text', (c) => c.notNull())
    /** YYYY-MM-DD, China time */
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('extra_kb', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sim_usage_extra_pk', ['custom_num', 'day'])
    .execute();
}
