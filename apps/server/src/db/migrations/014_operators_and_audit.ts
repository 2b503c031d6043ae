import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The operator console (docs/decisions/0018):
//   operators          back-office accounts, separate from the portal's users: a role, for an
//                      agent administrator the agent, a lockout (failed logins, locked_until) and an
//                      optional TOTP second factor whose secret is sealed (lib/personalData.ts);
//   operator_sessions  the console's cookie sessions: the sha256 of a random token, an idle and an
//                      absolute expiry, revoked at logout or on a password change;
//   audit_log          every operator action: who, what, on which row, why, before and after.
//                      Append-only: no code path changes it, and the database itself refuses an
//                      UPDATE or DELETE (a trigger on each dialect).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const withId = (name: string) => {
    const t = s.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('operators')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    /** the agent of an agent administrator; NULL for the other roles */
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id'))
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    /** sealed base32 secret; '' = no second factor. Pending until totp_enabled = 1 (confirmed with a code) */
    .addColumn('totp_secret', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('totp_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    /** the last 30-second step a code was accepted for: a code works once */
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await withId('operator_sessions')
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** the absolute end; the idle end is last_seen_at + the idle limit */
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await s.createIndex('operator_sessions_operator').on('operator_sessions').columns(['operator_id', 'id']).execute();

  await withId('audit_log')
    /** NULL: an attempt on a username no operator has */
    .addColumn('operator_id', 'integer')
    .addColumn('operator_username', 'text', (c) => c.notNull())
    .addColumn('operator_role', 'text', (c) => c.notNull())
    /** the operator's agent (agent administrators), for scoping; NULL otherwise */
    .addColumn('agent_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    /** JSON or '' */
    .addColumn('before', 'text', (c) => c.notNull())
    .addColumn('after', 'text', (c) => c.notNull())
    .addColumn('request_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await s.createIndex('audit_log_operator').on('audit_log').columns(['operator_id', 'id']).execute();
  await s.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id', 'id']).execute();

  if (dialect === 'postgres') {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'audit_log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log
      begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}
