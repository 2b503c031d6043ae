import { describe, expect, it } from 'vitest';
import { parseRefundArgs, type RefundCommand } from './args';

describe('parseRefundArgs', () => {
  it.each<[string, string[], RefundCommand]>([
    [
      'refund an order',
      ['2025031012000012345678', '--reason', '客户投诉'],
      { kind: 'order', orderNo: '2025031012000012345678', reason: '客户投诉' },
    ],
    ['reason first', ['--reason', '重复购买', '20250310'], { kind: 'order', orderNo: '20250310', reason: '重复购买' }],
    ['--reason=…', ['20250310', '--reason=  网络故障 '], { kind: 'order', orderNo: '20250310', reason: '网络故障' }],
    ['list late payments', ['--late'], { kind: 'late-list' }],
    ['refund every late payment', ['--late', '--all', '--reason', '订单关闭后到账'], { kind: 'late-all', reason: '订单关闭后到账' }],
    ['options in any order', ['--all', '--reason', '到账过晚', '--late'], { kind: 'late-all', reason: '到账过晚' }],
    ['nothing', [], { kind: 'usage', problem: null }],
    ['help', ['--help'], { kind: 'usage', problem: null }],
    ['-h', ['20250310', '-h'], { kind: 'usage', problem: null }],
    ['no reason', ['20250310'], { kind: 'usage', problem: '退款必须用 --reason 写明原因' }],
    ['--reason without a value', ['20250310', '--reason'], { kind: 'usage', problem: '--reason 后面要写退款原因' }],
    ['--reason followed by an option', ['--late', '--reason', '--all'], { kind: 'usage', problem: '--reason 后面要写退款原因' }],
    ['blank reason', ['20250310', '--reason', '   '], { kind: 'usage', problem: '请填写退款原因' }],
    ['reason too long', ['20250310', '--reason', '长'.repeat(201)], { kind: 'usage', problem: '退款原因不能超过200个字' }],
    ['two orders', ['20250310', '20250311', '--reason', '投诉'], { kind: 'usage', problem: '一次只能退一个订单' }],
    ['unknown option', ['20250310', '--force'], { kind: 'usage', problem: '不认识的选项 --force' }],
    ['odd order number', ['2025;drop', '--reason', '投诉'], { kind: 'usage', problem: '订单号格式不正确' }],
    ['--all alone', ['--all', '--reason', '投诉'], { kind: 'usage', problem: '--all 只能与 --late 一起使用' }],
    ['--late with an order', ['--late', '20250310'], { kind: 'usage', problem: '--late 不能与订单号同时使用' }],
    ['--late with a reason but no --all', ['--late', '--reason', '投诉'], { kind: 'usage', problem: '要把异常到账全部退回，请加 --all' }],
    ['--late --all without a reason', ['--late', '--all'], { kind: 'usage', problem: '退款必须用 --reason 写明原因' }],
  ])('%s', (_name, argv, expected) => expect(parseRefundArgs(argv)).toEqual(expected));
});
