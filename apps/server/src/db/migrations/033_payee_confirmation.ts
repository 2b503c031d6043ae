import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The payee's confirmation of a WeChat transfer (docs/decisions/0039-payee-confirms-transfer.md):
// on a withdrawal in flight at the payout gateway,
//   bill_state          the gateway's own word for the transfer (WAIT_USER_CONFIRM, TRANSFERING, …)
//                       as last answered, for finance's screen and the payee's page;
//   package_info        what requestMerchantTransfer needs (WeChat gives it only in the answer to
//                       发起转账); empty once the transfer is settled;
//   confirm_token       the unguessable token of the payee's confirmation link (the withdrawal's
//                       sequential id never is one); unique;
//   confirm_expires_at  when the gateway closes the bill unconfirmed: the link dies with it.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable('commission_withdrawals')
    .addColumn('bill_state', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('commission_withdrawals')
    .addColumn('package_info', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('commission_withdrawals').addColumn('confirm_token', 'text').execute();
  await db.schema.alterTable('commission_withdrawals').addColumn('confirm_expires_at', 'text').execute();
  await db.schema
    .createIndex('commission_withdrawals_confirm_token')
    .on('commission_withdrawals')
    .column('confirm_token')
    .unique()
    .execute();
}
