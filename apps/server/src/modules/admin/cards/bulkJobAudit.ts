// The audit rows of bulk jobs (docs/decisions/0043-audit-in-words.md): the job asked, and each card
// changed in the name of the operator who asked — as the job recorded them, since the run happens
// later, in the background, with no request of its own.
import type { BulkKind } from '@portal/contract/admin';
import type { Executor } from '../../../db/executor';
import type { AdminActor } from '../access/actor';
import type { OperatorScope } from '../access/scope';
import { recordAudit, type AuditWho } from '../audit';
import type { Params, CardChange } from './bulkRules';
import type { JobRow } from './bulkJobRepo';

/** The operator who asked, as the job recorded them: whose cards the runner may touch and whom the audit names. */
export function askerOf(job: JobRow): OperatorScope & AuditWho {
  // jobs of before 021 carry no role: only platform and agent administrators may create one
  const role = (job.operator_role || (job.agent_id !== null ? 'agent_admin' : 'platform_admin')) as AdminActor['role'];
  return { id: job.operator_id, username: job.operator_username, role, agentId: job.agent_id, requestId: job.request_id, ip: job.ip };
}

export async function recordJobCreated(
  trx: Executor,
  op: AdminActor,
  job: { id: number; kind: BulkKind; reason: string; cards: number; params: Params },
): Promise<void> {
  await recordAudit(trx, op, {
    action: 'bulk_job.created',
    target: { type: 'bulk_job', id: job.id },
    reason: job.reason,
    after: { kind: job.kind, cards: job.cards, ...job.params },
  });
}

/** A card's change by a job, in the transaction of the change: the audit row names the job. */
export async function recordCardChanged(trx: Executor, job: JobRow, customNum: string, c: CardChange): Promise<void> {
  await recordAudit(trx, askerOf(job), {
    action: c.action,
    target: { type: 'card', id: customNum },
    reason: job.reason,
    before: { ...c.before, bulk_job_id: job.id },
    after: c.after,
  });
}
