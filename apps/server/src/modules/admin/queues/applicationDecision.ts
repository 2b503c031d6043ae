// Deciding an /agent application (docs/decisions/0076-applications-approved-by-the-inviter.md): the
// platform administrator any; an agent administrator those that name its agent or one of its
// sub-agents as the inviter — an application of another branch is refused in words (403), not
// hidden, since the queue it came from lists only the operator's own. Approved, the applicant
// becomes a sub-agent of the inviting agent (never of the approver's own agent) through the one
// writer 新建下级代理 uses; the status, the new agent and the audit row land together or not at all.
import { Code } from '@portal/contract/codes';
import type { AdminBodyOf } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { setApplicationStatus } from '../../agentApplications';
import type { AdminActor } from '../access/actor';
import { inScope } from '../access/scope';
import { createSubAgentIn, explainTaken, hashedAdmin } from '../agents/subAgents';
import { recordAudit } from '../audit';
import { nextApplicationStatusProblem } from './rules';
import * as repo from './repo';

export const OUTSIDE_SUBTREE = '只能审核经本代理或其下级代理提交的代理申请';

export async function decideApplication(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminApplicationDecide'>): Promise<void> {
  const db = ctx.db.kysely;
  const before = await repo.applicationById(db, b.id);
  if (!before) throw new AppError(Code.NOT_FOUND, '记录不存在');
  if (!inScope(op, before.agent_id)) throw new AppError(Code.FORBIDDEN, OUTSIDE_SUBTREE);
  const problem = nextApplicationStatusProblem(before.status, b.decision);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  const reason = b.decision === 'rejected' ? b.reason : '';
  const newAgent = b.decision === 'approved' ? b.agent! : null;
  const admin = newAgent ? await hashedAdmin(ctx, newAgent) : null;
  try {
    await db.transaction().execute(async (trx) => {
      // approved: the applicant becomes a sub-agent of the agent it applied through, by the one
      // writer 新建下级代理 uses (a 分销 cannot take one: refused, nothing written)
      const auditReason = b.reason || `通过代理申请 ${before.application_no}`;
      const createdAgentId = newAgent ? await createSubAgentIn(trx, op, before.agent_id, newAgent, admin, auditReason) : null;
      const moved = await setApplicationStatus(
        trx,
        b.id,
        before.status,
        { status: b.decision, rejectReason: reason, createdAgentId },
        clock.iso(),
      );
      if (!moved) throw new AppError(Code.BAD_REQUEST, '该申请刚被其他人审核，请刷新后查看');
      await recordAudit(trx, op, {
        action: `agent_application.${b.decision}`,
        target: { type: 'agent_application', id: before.application_no },
        reason: b.reason,
        before: { status: before.status },
        after: { status: b.decision, reject_reason: reason, ...(createdAgentId ? { created_agent_id: createdAgentId } : {}) },
      });
    });
  } catch (err) {
    throw explainTaken(err);
  }
}
