import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Membership growth levels and invitations (docs/decisions/0019).
//   member_programs  an agent's programme: on or off, the growth an inviter earns per successful
//                    invitation; an agent without a row has no programme (no member pages' rights);
//   member_levels    the agent's levels: the growth that reaches each, the package price share
//                    (percent, 100 = no discount) and the rights shown (JSON string[]);
//   member_growth    the growth ledger: one row per (source, ref) — an order's growth, its
//                    reversal by a refund, an invitation's reward and its reversal. The unique
//                    (source, ref) is what makes each exactly once (a repeated fulfilment or
//                    refund inserts nothing);
//   invite_codes     each user's own invite code (made on first use);
//   invites          who invited whom: one row per invitee (unique), with the first paid order,
//                    the reward and, when void, why.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const withId = (name: string) => {
    const t = s.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await s
    .createTable('member_programs')
    .addColumn('agent_id', 'integer', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('invite_reward_growth', 'integer', (c) => c.notNull())
    .execute();

  await withId('member_levels')
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('min_growth', 'integer', (c) => c.notNull())
    /** what a member of this level pays for a package, in percent of its price (100 = full price) */
    .addColumn('package_price_pct', 'integer', (c) => c.notNull())
    /** JSON string[]: the rights as shown */
    .addColumn('rights', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('member_levels_agent_level').on('member_levels').columns(['agent_id', 'level']).unique().execute();

  await withId('member_growth')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** order | order_refund | invite | invite_void */
    .addColumn('source', 'text', (c) => c.notNull())
    /** the order number, or the invite's id */
    .addColumn('ref', 'text', (c) => c.notNull())
    /** signed: a reversal is negative */
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('member_growth_once').on('member_growth').columns(['source', 'ref']).unique().execute();
  await s.createIndex('member_growth_user').on('member_growth').columns(['user_id', 'id']).execute();

  await s
    .createTable('invite_codes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId('invites')
    .addColumn('inviter_user_id', 'integer', (c) => c.notNull())
    .addColumn('invitee_user_id', 'integer', (c) => c.notNull().unique())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    /** the invitee's first paid order ('' none yet) */
    .addColumn('first_order_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('first_paid_at', 'text', (c) => c.notNull().defaultTo(''))
    /** growth granted to the inviter (0 none yet) */
    .addColumn('reward_growth', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rewarded_at', 'text', (c) => c.notNull().defaultTo(''))
    /** '' while valid; else why the invitation no longer counts */
    .addColumn('void_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('voided_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('invites_inviter').on('invites').columns(['inviter_user_id', 'id']).execute();
}
