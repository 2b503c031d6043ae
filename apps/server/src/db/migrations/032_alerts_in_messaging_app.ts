import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Alerts in the messaging app (docs/decisions/0038-alerts-in-the-messaging-app.md):
//   messaging_app_tokens   the official account's access token, one row per AppID, shared by every
//                          process until its expiry (a second process reuses it instead of asking again)
//   alert_recipients       the holder's openid under the official account, per card, learnt from the
//                          messaging app's silent login; and a refusal (43004 not following, 43101
//                          refused) that stops further tries until the holder binds again
//   alert_deliveries       one row per (notice, channel): taken before the send, so two processes
//                          never send the same alert twice on one channel; the outcome and errcode
//   card_alert_settings    gains the holder's channels: SMS (on by default, as before) and the
//                          official account (off until chosen)
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .createTable('messaging_app_tokens')
    .addColumn('appid', 'text', (c) => c.primaryKey())
    .addColumn('access_token', 'text', (c) => c.notNull())
    /** ISO time the platform said it stops working (fetched_at + expires_in) */
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();

  await s
    .createTable('alert_recipients')
    .addColumn('card_id', 'integer', (c) => c.primaryKey().references('cards.id'))
    .addColumn('appid', 'text', (c) => c.notNull())
    .addColumn('openid', 'text', (c) => c.notNull())
    .addColumn('bound_at', 'text', (c) => c.notNull())
    /** 43004 (not following) or 43101 (refused this template); null while messages are accepted */
    .addColumn('refused_code', 'integer')
    .addColumn('refused_at', 'text')
    .execute();

  const t = s.createTable('alert_deliveries');
  await (
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('notice_id', 'integer', (c) => c.notNull().references('card_notices.id'))
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    /** sms | wechat_mp */
    .addColumn('channel', 'text', (c) => c.notNull())
    /** sending (taken, not answered yet) | sent | skipped | refused | failed */
    .addColumn('outcome', 'text', (c) => c.notNull())
    /** the platform's errcode of a refusal or failure */
    .addColumn('errcode', 'integer')
    /** 1 when this channel carried the alert because the chosen one could not */
    .addColumn('fallback', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('alert_deliveries_once', ['notice_id', 'channel'])
    .execute();

  await s
    .alterTable('card_alert_settings')
    .addColumn('channel_sms', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .alterTable('card_alert_settings')
    .addColumn('channel_mp', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
