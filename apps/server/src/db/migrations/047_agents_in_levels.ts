import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Agents in levels (docs/decisions/0067-agents-in-levels.md):
//   agents.parent_id            the agent above (null: a top agent, 总代理, the platform's customer);
//                               never changes once set, so a level's past credits keep their chain
//   agents.level                1 总代理, 2 代理, 3 分销 (at most three)
//   agents.share_bp             the share of the parent's margin this sub-agent keeps on a package the
//                               parent set no cost for (basis points; ignored for a top agent)
//   agent_package_costs         the cost a parent set for one sub-agent and one package
//   commission_ledger.from_agent_id
//                               on a parent's row: the sub-agent whose sale (or refund) it is
//   agent_applications.created_agent_id
//                               the sub-agent an approved application became (under its inviting agent)
//   payee_bindings              a payout openid bound by opening a link in the messaging app: the
//                               link's token, who asked, the payee's name, and the openid once bound
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('agents')
    .addColumn('parent_id', 'integer', (c) => c.references('agents.id'))
    .execute();
  await s
    .alterTable('agents')
    .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .alterTable('agents')
    .addColumn('share_bp', 'integer', (c) => c.notNull().defaultTo(10000))
    .execute();
  await s.createIndex('agents_parent').on('agents').columns(['parent_id']).execute();

  await s
    .createTable('agent_package_costs')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id'))
    .addColumn('cost_fen', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('agent_package_costs_pk', ['agent_id', 'package_id'])
    .execute();

  await s.alterTable('commission_ledger').addColumn('from_agent_id', 'integer').execute();
  await s.alterTable('agent_applications').addColumn('created_agent_id', 'integer').execute();

  await s
    .createTable('payee_bindings')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('operator_id', 'integer', (c) => c.notNull())
    .addColumn('payee', 'text', (c) => c.notNull())
    .addColumn('openid', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('bound_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('payee_bindings_agent').on('payee_bindings').columns(['agent_id', 'created_at']).execute();
}
