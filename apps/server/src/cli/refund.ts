// Operator command: refunds (docs/decisions/0006 "Refunds").
//   npm run refund -- <order_no> --reason "<原因>"        refund a paid order: take back its goods,
//                                                       give the money back the way it came
//   npm run refund -- --late                            list money received for orders no longer pending
//   npm run refund -- --late --all --reason "<原因>"     refund each of those
// Uses DATABASE_URL and the payment settings like the server. Exit codes: 0 done, 1 refused or
// failed (a rerun completes a refund whose gateway step failed), 2 usage. Prints order numbers,
// titles and amounts only: never card holders' personal data or gateway secrets.
import Fastify from 'fastify';
import { formatDateTime } from '@portal/domain';
import { assertProductionSafe, loadConfig } from '../config';
import { connect } from '../db/connect';
import type { AppContext } from '../context';
import { CarrierSimulator } from '../integrations/carrier/simulator';
import { paymentGatewayFor } from '../integrations/providers';
import { SimulatorSms } from '../integrations/sms/simulatorSms';
import { AppError } from '../lib/errors';
import { latePayments, parseRefundArgs, refundAllLate, refundOrder, REFUND_USAGE as USAGE, type RefundReport } from '../modules/commerce';

const STATE_LABEL: Record<string, string> = {
  pending: '待支付',
  paid: '已支付',
  fulfilled: '已完成',
  closed: '已关闭',
  failed: '支付失败',
  refunded: '已退款',
};
const yuan = (fen: number) => `${(fen / 100).toFixed(2)} 元`;
const out = (line: string) => process.stdout.write(`${line}\n`);

function printReport(r: RefundReport): void {
  if (r.outcome === 'already') {
    out(
      `订单 ${r.order_no}「${r.title}」此前已退款${r.refund_no ? `（退款单号 ${r.refund_no}，${yuan(r.amount_fen)}）` : ''}，本次未重复退款`,
    );
    return;
  }
  out(`${r.outcome === 'completed' ? '已完成此前登记的退款' : '已退款'}：订单 ${r.order_no}「${r.title}」，退款单号 ${r.refund_no}`);
  for (const e of r.effects) out(`  - ${e}`);
}

async function main(argv: string[]): Promise<number> {
  const cmd = parseRefundArgs(argv);
  if (cmd.kind === 'usage') {
    process.stderr.write(`${cmd.problem ? `${cmd.problem}\n` : ''}${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  // it builds the payment sandbox and the simulators as the server does: the same production rules (docs/decisions/0016)
  assertProductionSafe(config);
  const db = await connect(config.databaseUrl);
  // the server's own logger type; nothing is logged at this level but warnings and errors
  const log = Fastify({ logger: { level: 'warn' } }).log;
  // The same gateways the server uses, chosen by the same configuration (docs/decisions/0021).
  // The command sends no payment notifications: the sandbox's notifications are dropped.
  const payments = paymentGatewayFor(
    { ...config, paySandboxNotifyDelayMs: 0, paySandboxNotifyCopies: 1, paySandboxDropNotify: true },
    { db, log },
  );
  const ctx: AppContext = { db, config, log, carrier: new CarrierSimulator(db), sms: new SimulatorSms(db, log), payments };
  try {
    if (cmd.kind === 'order') {
      printReport(await refundOrder(ctx, cmd.orderNo, cmd.reason));
      return 0;
    }
    if (cmd.kind === 'late-list') {
      const list = await latePayments(ctx);
      if (list.length === 0) {
        out('没有待退款的异常到账');
        return 0;
      }
      out(`待退款的异常到账（收到时订单已不是待支付状态）：共 ${list.length} 笔`);
      for (const p of list) {
        out(
          `  订单 ${p.order_no}「${p.title}」 订单状态：${STATE_LABEL[p.order_state] ?? p.order_state}  金额：${yuan(p.amount_fen)}  到账：${formatDateTime(p.received_at)}${p.refund_pending ? '  （退款已登记，待渠道完成）' : ''}`,
        );
      }
      out('全部原路退回：npm run refund -- --late --all --reason "<退款原因>"');
      return 0;
    }
    const result = await refundAllLate(ctx, cmd.reason);
    if (result.done.length === 0 && result.failed.length === 0) out('没有待退款的异常到账');
    for (const r of result.done) printReport(r);
    for (const f of result.failed)
      process.stderr.write(`退款失败：订单 ${f.payment.order_no}（${yuan(f.payment.amount_fen)}）：${f.message}\n`);
    if (result.done.length + result.failed.length > 0) out(`共退款 ${result.done.length} 笔，失败 ${result.failed.length} 笔`);
    return result.failed.length > 0 ? 1 : 0;
  } catch (err) {
    if (err instanceof AppError) {
      process.stderr.write(`退款失败：${err.message}\n`);
      return 1;
    }
    throw err;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    const message = err instanceof Error ? err.message : String(err);
    // a database the server has never started on (or an older one) has no commerce tables yet
    if (/no such table|relation .* does not exist/.test(message))
      process.stderr.write('退款失败：数据库尚未初始化或版本较旧，请先用同一 DATABASE_URL 启动一次服务（npm start）\n');
    else process.stderr.write(`退款失败: ${message}\n`);
    process.exit(1);
  },
);
