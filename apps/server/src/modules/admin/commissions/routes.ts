// 代理佣金 in the console (docs/decisions/0035-agent-commissions.md): figures, ledger and
// statements for the agent administrator (their own agent only) and finance (every agent);
// withdrawals asked for by the agent administrator, decided and paid by finance; adjustments; the
// account on file (with the agent's SMS code) and the holding period. The rules and tables are the
// commissions module's; here each change's audit row is written in its transaction.
import type { FastifyInstance } from 'fastify';
import { COMMISSION_KIND_LABEL } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { formatDateTime } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { PayoutGateway } from '../../../integrations/payout/gateway';
import { AppError } from '../../../lib/errors';
import * as commissions from '../../commissions';
import type { AdminActor } from '../access/actor';
import { serve } from '../../../lib/endpoint';
import { agentFilter, ownAgent } from '../access/scope';
import { attachment, recordAudit, toCsv, type AuditWho } from '../audit';
import { adjustCommission, mayApproveWithdrawal, saveCommissionSettings } from './held';
import { payeeConfirmRoutes } from './payeeRoutes';
import { operatorById } from '../auth/repo';

/** The payout gateway of an app (buildApp made it from the configuration: integrations/payout/choose). */
export function payoutGatewayOf(ctx: AppContext): PayoutGateway | null {
  return ctx.payouts ?? null;
}

/** The scheduled job that asks the payout gateway about transfers still processing (docs/decisions/0036-wechat-payout.md). */
export const PAYOUTS_JOB = 'commission-payouts';

/** Who the payouts job's audit rows name: no operator, the job itself. */
const PAYOUTS_JOB_ACTOR: AuditWho = { id: null, username: PAYOUTS_JOB, role: 'system', agentId: null, requestId: PAYOUTS_JOB, ip: '' };

/**
 * The agent a request is about: an agent administrator's own (another agent's id answers "not
 * found", as if it did not exist); for finance and the platform the one named, which is required.
 */
function agentOf(op: AdminActor, agentId: number | undefined): number {
  const own = ownAgent(op);
  if (own !== null) {
    if (agentId !== undefined && agentId !== own) throw new AppError(Code.NOT_FOUND, '记录不存在');
    return own;
  }
  if (agentId === undefined) throw new AppError(Code.BAD_REQUEST, '请选择代理');
  return agentId;
}

/**
 * The agent a read is about (ledger, statement): an agent administrator's own or one of its
 * sub-agents (docs/decisions/0067-agents-in-levels.md) — a sibling's or a parent's answers "not
 * found"; writes (withdrawals, the account on file) stay with agentOf: each level asks for its own money.
 */
function readableAgentOf(op: AdminActor, agentId: number | undefined): number {
  const scope = agentFilter(op);
  if (scope !== null && agentId !== undefined) {
    if (!scope.includes(agentId)) throw new AppError(Code.NOT_FOUND, '记录不存在');
    return agentId;
  }
  return agentOf(op, agentId);
}

const yuan = (fen: number) => (fen / 100).toFixed(2);

export async function commissionRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;
  const gateway = payoutGatewayOf(ctx);
  // one run per interval across every process on the database (docs/decisions/0015); each transfer
  // is settled under the agent's row and conditional on its state, so a click racing it settles once
  if (gateway)
    api.jobs.add({
      name: PAYOUTS_JOB,
      intervalMs: Math.max(0, ctx.config.payoutQueryIntervalMs),
      run: () => commissions.settleInFlightPayouts(ctx, gateway, (trx, r) => recordAudit(trx, PAYOUTS_JOB_ACTOR, r)),
    });
  const recorder =
    (op: AdminActor): commissions.Recorder =>
    (trx, r) =>
      recordAudit(trx, op, r);
  const view = (r: { applied: boolean; withdrawal: commissions.WithdrawalRow }) => ({
    applied: r.applied,
    withdrawal: commissions.withdrawalView(r.withdrawal),
  });

  serve(api, 'adminCommissionAgents', async (_req, _reply, op) => {
    const scope = agentFilter(op);
    const agents = await commissions.agentsWithAccounts(db, scope);
    const items = [];
    for (const a of agents) {
      const [figures, waiting] = await Promise.all([
        commissions.figuresOf(db, a.agent_id),
        commissions.waitingWithdrawals(db, [a.agent_id]),
      ]);
      items.push({ ...figures, nickname: a.nickname, mark: a.mark, waiting_withdrawals: waiting.count });
    }
    return { items };
  });

  serve(api, 'adminCommissionLedger', async (req, _reply, op) => {
    const agentId = readableAgentOf(op, req.query.agent_id);
    const q = req.query;
    const [figures, rows] = await Promise.all([
      commissions.figuresOf(db, agentId),
      commissions.ledgerPage(db, agentId, q.before_id, q.limit + 1),
    ]);
    const items = rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      kind: r.kind as keyof typeof COMMISSION_KIND_LABEL,
      amount_fen: r.amount_fen,
      order_no: r.order_no,
      retail_fen: r.retail_fen,
      discount_fen: r.discount_fen,
      cost_fen: r.cost_fen,
      note: r.note,
      available_at: r.available_at,
      created_at: r.created_at,
    }));
    return { figures, items, next_before_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminCommissionStatement', async (req, _reply, op) =>
    commissions.statementOf(db, readableAgentOf(op, req.query.agent_id), req.query.month),
  );

  serve(api, 'adminCommissionStatementExport', async (req, reply, op) => {
    const agentId = readableAgentOf(op, req.query.agent_id);
    const s = await commissions.statementOf(db, agentId, req.query.month);
    await recordAudit(db, op, {
      action: 'commission.statement_export',
      target: { type: 'agent', id: agentId },
      after: { month: s.month, rows: s.items.length },
    });
    const t = s.totals;
    const csv = toCsv(
      ['时间（北京时间）', '类型', '订单号', '摘要', '零售价(元)', '优惠(元)', '成本(元)', '金额(元)', '可提现时间（北京时间）'],
      [
        ['', '期初余额', '', `${s.agent.nickname} ${s.month}`, '', '', '', yuan(t.opening_fen), ''],
        ...s.items.map((r) => [
          formatDateTime(r.created_at),
          COMMISSION_KIND_LABEL[r.kind],
          r.order_no,
          r.note,
          r.kind === 'order' ? yuan(r.retail_fen) : '',
          r.kind === 'order' ? yuan(r.discount_fen) : '',
          r.kind === 'order' ? yuan(r.cost_fen) : '',
          yuan(r.amount_fen),
          r.kind === 'order' ? formatDateTime(r.available_at) : '',
        ]),
        ['', `订单佣金（${t.order_count} 笔）`, '', '', '', '', '', yuan(t.orders_fen), ''],
        ['', `退款冲回（${t.refund_count} 笔）`, '', '', '', '', '', yuan(t.refunds_fen), ''],
        ['', '财务调整', '', '', '', '', '', yuan(t.adjustments_fen), ''],
        ['', '提现（扣除退回）', '', '', '', '', '', yuan(t.withdrawals_fen), ''],
        ['', '期末余额', '', '', '', '', '', yuan(t.closing_fen), ''],
      ],
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        attachment(`commission-${s.agent.mark}-${s.month}.csv`, `佣金月结单-${s.agent.nickname}-${s.month}.csv`),
      )
      .send(csv);
  });

  serve(api, 'adminCommissionWithdrawals', async (req, _reply, op) => {
    const q = req.query;
    const scope = agentFilter(op);
    if (scope !== null && q.agent_id !== undefined && !scope.includes(q.agent_id)) throw new AppError(Code.NOT_FOUND, '记录不存在');
    const agentId = q.agent_id !== undefined ? [q.agent_id] : scope;
    const rows = await commissions.withdrawalPage(db, { agentId, state: q.state, beforeId: q.before_id }, q.limit + 1);
    const items = rows.slice(0, q.limit).map((w) => ({ ...commissions.withdrawalView(w), agent_name: w.agent_name }));
    return { items, next_before_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminCommissionWithdrawalRequest', async (req, _reply, op) => {
    const b = req.body;
    const r = await commissions.requestWithdrawal(
      ctx,
      { agentId: agentOf(op, b.agent_id), amountFen: b.amount_fen, requestId: b.request_id, operatorId: op.id },
      recorder(op),
    );
    return view(r);
  });

  const decide =
    (decision: (b: { reason?: string; reference?: string }) => Parameters<typeof commissions.decideWithdrawal>[1]['decision']) =>
    async (b: { id: number; request_id: string; reason?: string; reference?: string }, op: AdminActor) =>
      view(
        await commissions.decideWithdrawal(
          ctx,
          {
            id: b.id,
            agentScope: agentFilter(op),
            requestId: b.request_id,
            operatorId: op.id,
            decision: decision(b),
            mayApprove: mayApproveWithdrawal(op),
          },
          recorder(op),
        ),
      );

  serve(api, 'adminCommissionWithdrawalApprove', async (req, _reply, op) => decide(() => ({ action: 'approve' }))(req.body, op));
  serve(api, 'adminCommissionWithdrawalReject', async (req, _reply, op) =>
    decide((b) => ({ action: 'reject', reason: b.reason! }))(req.body, op),
  );
  serve(api, 'adminCommissionWithdrawalPaid', async (req, _reply, op) =>
    decide((b) => ({ action: 'paid', reference: b.reference!, channel: 'manual' }))(req.body, op),
  );
  serve(api, 'adminCommissionWithdrawalFailed', async (req, _reply, op) =>
    decide((b) => ({ action: 'failed', reason: b.reason! }))(req.body, op),
  );
  serve(api, 'adminCommissionWithdrawalTransfer', async (req, _reply, op) => {
    const gateway = payoutGatewayOf(ctx);
    if (!gateway) throw new AppError(Code.BAD_REQUEST, '尚未接入打款接口，请手工打款后登记打款流水号');
    const r = await commissions.payThroughGateway(
      ctx,
      gateway,
      { id: req.body.id, requestId: req.body.request_id, operatorId: op.id },
      recorder(op),
    );
    return { ...view(r), processing: r.processing, ...(r.note ? { note: r.note } : {}) };
  });

  serve(api, 'adminCommissionWithdrawalCancel', async (req, _reply, op) => {
    const gateway = payoutGatewayOf(ctx);
    if (!gateway) throw new AppError(Code.BAD_REQUEST, '尚未接入打款接口');
    const r = await commissions.cancelGatewayTransfer(ctx, gateway, { id: req.body.id, operatorId: op.id }, recorder(op));
    return { withdrawal: commissions.withdrawalView(r.withdrawal), canceling: r.canceling };
  });

  // the payee's confirmation page's two open endpoints (their link is shown here, to finance)
  payeeConfirmRoutes(api, ctx);

  // above the limit it waits for a second operator; a new verification mobile always does (held.ts)
  serve(api, 'adminCommissionAdjust', async (req, _reply, op) => adjustCommission(ctx, op, req.body));
  serve(api, 'adminCommissionSettings', async (req, _reply, op) => saveCommissionSettings(ctx, op, req.body));

  // the payout openid bound in the messaging app (docs/decisions/0067-agents-in-levels.md)
  serve(api, 'adminPayeeWechatStart', async (req, _reply, op) =>
    commissions.startPayeeBinding(ctx, {
      agentId: agentOf(op, req.body.agent_id),
      payee: req.body.payee,
      code: req.body.sms_code,
      operatorId: op.id,
    }),
  );
  serve(api, 'adminPayeeWechatStatus', async (req, _reply, op) => commissions.payeeBindingState(ctx, ownAgent(op), req.query.token));
  serve(api, 'payeeWechatBound', async (req, reply) => {
    const outcome = await commissions.payeeBound(ctx, req.query.code, req.query.state, (operatorId, agentId) => async (trx, r) => {
      // written as the operator who asked for the link, from the payee's phone's address
      const o = await operatorById(trx, operatorId);
      await recordAudit(
        trx,
        {
          id: operatorId,
          username: o?.username ?? '',
          role: (o?.role ?? 'agent_admin') as AdminActor['role'],
          agentId,
          requestId: String(req.id),
          ip: req.ip,
        },
        r,
      );
    });
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(payeeBoundPage(outcome));
  });

  serve(api, 'adminCommissionAccountCode', async (req, _reply, op) =>
    commissions.sendAccountCode(ctx, agentOf(op, req.body.agent_id), op.ip),
  );

  serve(api, 'adminCommissionAccountSave', async (req, _reply, op) => {
    const b = req.body;
    return commissions.changePayoutAccount(
      ctx,
      {
        agentId: agentOf(op, b.agent_id),
        method: b.payout_method,
        payee: b.payee,
        account: b.payout_account,
        code: b.sms_code,
        operatorId: op.id,
      },
      recorder(op),
    );
  });
}

const BOUND_WORDS: Record<commissions.PayeeBoundOutcome, [string, string]> = {
  bound: ['绑定成功', '您的微信已绑定为代理佣金收款账户，可关闭此页面，回到管理后台查看。'],
  expired: ['链接已过期', '绑定链接 10 分钟内有效，请在管理后台重新生成二维码。'],
  used: ['链接已使用', '该绑定链接已使用过，如需更换收款微信请在管理后台重新生成。'],
  failed: ['绑定未完成', '未能取得微信授权，请在微信中重新扫描管理后台的二维码。'],
};

/** The payee's phone sees one plain page (no script, nothing from the request echoed). */
function payeeBoundPage(outcome: commissions.PayeeBoundOutcome): string {
  const [title, text] = BOUND_WORDS[outcome];
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:sans-serif;padding:48px 24px;text-align:center"><h1 style="font-size:22px">${title}</h1><p style="color:#555;line-height:1.6">${text}</p></body></html>`;
}
