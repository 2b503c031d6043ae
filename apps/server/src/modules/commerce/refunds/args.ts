// The refund command's arguments (cli/refund.ts), parsed without I/O so that every usage rule is
// a table row in args.test.ts.
import { refundReasonProblem } from '@portal/domain';

export type RefundCommand =
  | { kind: 'order'; orderNo: string; reason: string }
  | { kind: 'late-list' }
  | { kind: 'late-all'; reason: string }
  | { kind: 'usage'; problem: string | null };

export const USAGE = [
  '用法:',
  '  npm run refund -- <订单号> --reason "<退款原因>"     退款一个已支付的订单（收回权益，原路退款）',
  '  npm run refund -- --late                            列出订单已不是待支付状态时收到的款项',
  '  npm run refund -- --late --all --reason "<退款原因>"  把这些款项全部原路退回',
].join('\n');

const ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;

export function parseRefundArgs(argv: string[]): RefundCommand {
  let late = false;
  let all = false;
  let reason: string | null = null;
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '-h' || a === '--help') return { kind: 'usage', problem: null };
    if (a === '--late') late = true;
    else if (a === '--all') all = true;
    else if (a === '--reason') {
      const v = argv[i + 1];
      if (v === undefined || v.startsWith('--')) return { kind: 'usage', problem: '--reason 后面要写退款原因' };
      reason = v;
      i++;
    } else if (a.startsWith('--reason=')) reason = a.slice('--reason='.length);
    else if (a.startsWith('-')) return { kind: 'usage', problem: `不认识的选项 ${a}` };
    else positional.push(a);
  }
  const reasonProblem = reason === null ? null : refundReasonProblem(reason);
  if (reasonProblem) return { kind: 'usage', problem: reasonProblem };

  if (late) {
    if (positional.length > 0) return { kind: 'usage', problem: '--late 不能与订单号同时使用' };
    if (!all) return reason === null ? { kind: 'late-list' } : { kind: 'usage', problem: '要把异常到账全部退回，请加 --all' };
    if (reason === null) return { kind: 'usage', problem: '退款必须用 --reason 写明原因' };
    return { kind: 'late-all', reason: reason.trim() };
  }
  if (all) return { kind: 'usage', problem: '--all 只能与 --late 一起使用' };
  if (positional.length === 0) return { kind: 'usage', problem: null };
  if (positional.length > 1) return { kind: 'usage', problem: '一次只能退一个订单' };
  const orderNo = positional[0]!;
  if (!ORDER_NO.test(orderNo)) return { kind: 'usage', problem: '订单号格式不正确' };
  if (reason === null) return { kind: 'usage', problem: '退款必须用 --reason 写明原因' };
  return { kind: 'order', orderNo, reason: reason.trim() };
}
