import type { Transaction } from 'kysely';
import type { Database } from './schema';

// The demo operators of the console (docs/decisions/0018): one per role. Development and demo data only —
// production refuses a database that holds them (demoLogins.ts, docs/decisions/0016). The hashes are
// lib/password.ts hashes of the passwords below, made once (seed.test.ts checks they still verify).
export const DEMO_OPERATORS = [
  {
    username: 'admin',
    password: 'Admin#2026',
    role: 'platform_admin',
    display_name: '平台管理员',
    hash: 'scrypt$16384$8$1$fADRCg1v7ruJkkipbC7QGQ==$JMQ973G3oz1qGU5H3i/adAFbepb6pEc8O3/EMrvMtbI=',
  },
  {
    username: 'agent',
    password: 'Agent#2026',
    role: 'agent_admin',
    display_name: '畅联代理管理员',
    hash: 'scrypt$16384$8$1$xm9IfTEWNI6I2LaRCviJyw==$uaSJ65NXpWat/68BWD8Sy5QcabR/XstYk7a6I/JBAvY=',
  },
  {
    username: 'support',
    password: 'Support#2026',
    role: 'support',
    display_name: '客服专员',
    hash: 'scrypt$16384$8$1$LubHADYSLrIezchhlZzQlg==$QQ4dDcQrAUg7DlyYlEYXPXnZMqAxtNscpAE2l+IJDio=',
  },
  {
    username: 'finance',
    password: 'Finance#2026',
    role: 'finance',
    display_name: '财务专员',
    hash: 'scrypt$16384$8$1$8TekjnXhTZ8Fmq0P2UhAOQ==$njvBqWgbGsICbq6+gO7sj8a6UJO/1F1vHPrW+5g1eyc=',
  },
  // a second platform administrator: the writes `admin` asks above the limits need another operator
  // with the write's permission to approve them (docs/decisions/0048-limits-and-a-second-approver.md)
  {
    username: 'admin2',
    password: 'Admin2#2026',
    role: 'platform_admin',
    display_name: '平台复核管理员',
    hash: 'scrypt$16384$8$1$fv7PihHs6JhmH76EX7tG0w==$m0V6/260ovwtjT51+voSl0JinZPrnptYDorUd0jP2VQ=',
  },
] as const;

/** The agent administrator administers the demo agent (mark `demo`). */
export async function seedOperators(trx: Transaction<Database>, now: Date, demoAgentId: number): Promise<void> {
  const iso = now.toISOString();
  for (const o of DEMO_OPERATORS) {
    await trx
      .insertInto('operators')
      .values({
        username: o.username,
        password_hash: o.hash,
        role: o.role,
        agent_id: o.role === 'agent_admin' ? demoAgentId : null,
        display_name: o.display_name,
        created_at: iso,
        updated_at: iso,
      })
      .execute();
  }
}
