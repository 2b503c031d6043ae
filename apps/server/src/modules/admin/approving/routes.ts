// Deciding the writes held above a limit (docs/decisions/0048-limits-and-a-second-approver.md): apart
// from approvals/, which the held writes themselves call, so the folders form no cycle.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { approveApproval } from './approve';
import * as s from '../approvals/service';

// Limits and the second approver (docs/decisions/0048-limits-and-a-second-approver.md).
export async function approvalRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'adminWriteLimits', async () => s.currentLimits(ctx.db.kysely));
  serve(api, 'adminWriteLimitsSave', async (req, _r, op) => s.saveLimits(ctx, op, req.body));
  serve(api, 'adminApprovalList', async (req, _r, op) => s.listApprovals(ctx, op, req.query));
  serve(api, 'adminApprovalApprove', async (req, _r, op) => approveApproval(ctx, op, req.body));
  serve(api, 'adminApprovalReject', async (req, _r, op) => s.rejectApproval(ctx, op, req.body));
  // the requester's own, checked in the service: whoever may ask for approval may take it back
  serve(api, 'adminApprovalWithdraw', async (req, _r, op) => s.withdrawApproval(ctx, op, req.body));
}
