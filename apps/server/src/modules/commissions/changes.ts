// What every change of an agent's commission shares (docs/decisions/0035-agent-commissions.md).
// Every change is one transaction that starts by taking the agent's account row (repo.lockAccount),
// writes its ledger row with the balance, and hands the caller's audit recorder the before/after —
// so the change and its audit row land together or not at all.
import { Code } from '@portal/contract/codes';
import type { AuditAction } from '@portal/contract/admin';
import type { Executor } from '../../db/executor';
import { AppError } from '../../lib/errors';
import * as repo from './repo';

/** What a change tells its audit row; the admin routes write it with the operator. */
export interface ChangeRecord {
  action: AuditAction;
  target: { type: string; id: string | number };
  reason?: string;
  before?: unknown;
  after?: unknown;
}
export type Recorder = (trx: Executor, r: ChangeRecord) => Promise<void>;

export const bad = (message: string) => new AppError(Code.BAD_REQUEST, message);
export const notFound = () => new AppError(Code.NOT_FOUND, '记录不存在');

export async function agentMustExist(db: Executor, agentId: number) {
  if (!(await repo.agentExists(db, agentId))) throw new AppError(Code.NOT_FOUND, '代理不存在');
}
