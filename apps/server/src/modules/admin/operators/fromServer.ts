// A platform administrator made on the server itself (npm run create-admin), not in the console
// (docs/decisions/0056-no-one-moves-money-alone.md). A deployment gets its first administrator this
// way, and its second before it takes money: one made in the console by the first is tied to them
// (the first chose its password), so the two never approve each other's requests. Whoever holds the
// server's shell is trusted with the database anyway; the audit row names the command, not an operator.
import { z } from 'zod';
import { OperatorDisplayName, OperatorNewPassword, OperatorUsername } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { hashPassword } from '../../../lib/password';
import { recordAudit, type AuditWho } from '../audit';
import * as repo from '../auth/repo';

const SERVER: AuditWho = { id: null, username: 'create-admin', role: 'system', agentId: null, requestId: 'create-admin', ip: '' };

const Input = z.object({ username: OperatorUsername, display_name: OperatorDisplayName, password: OperatorNewPassword });

/** Creates an enabled platform administrator, untied to anyone; its id. Bad input: a Chinese reason, nothing written. */
export async function createAdminFromServer(
  db: Kysely<Database>,
  hashCost: number,
  input: { username: string; display_name: string; password: string },
): Promise<number> {
  const parsed = Input.safeParse(input);
  if (!parsed.success) throw new AppError(Code.BAD_REQUEST, parsed.error.issues[0]!.message);
  const v = parsed.data;
  if (await repo.operatorByUsername(db, v.username)) throw new AppError(Code.BAD_REQUEST, '用户名已被使用');
  const hash = await hashPassword(v.password, hashCost);
  return db.transaction().execute(async (trx) => {
    const values = { username: v.username, display_name: v.display_name, role: 'platform_admin', agent_id: null };
    const id = await repo.insertOperator(trx, { ...values, password_hash: hash }, clock.iso());
    await recordAudit(trx, SERVER, {
      action: 'operator.created',
      target: { type: 'operator', id },
      reason: '在服务器上以 create-admin 命令创建',
      after: values,
    });
    return id;
  });
}
