// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { labelled } from '../../../lib/labels';
import { renderConsole } from '../../../test/render';
import { rejection, RequestQueue, type QueueKind, type QueueRow } from './RequestQueue';

type Status = 'open' | 'done' | 'rejected';
interface Row extends QueueRow {
  note: string;
}
const STATES = labelled<Status>({ open: '待处理', done: '已办理', rejected: '已驳回' }, { open: 'gold', done: 'green', rejected: 'red' });
const row = (id: number, status: Status, answer = ''): Row => ({
  id,
  order_no: `P${id}`,
  custom_num: `100000000${id}`,
  status,
  answer,
  note: `说明 ${id}`,
});

function kindOf(rows: Row[], reject = vi.fn(async () => ({}))) {
  const list = vi.fn((status: Status | undefined) => ({
    queryKey: ['test-queue', status, rows.length],
    fetchPage: async () => ({ items: rows.filter((r) => !status || r.status === status), next_after_id: null }),
  }));
  const kind: QueueKind<Row, Status> = {
    name: '测试申请',
    states: STATES,
    list,
    columns: [{ title: '说明', dataIndex: 'note' }],
    stateNotes: (r) => (r.answer ? <span>答复：{r.answer}</span> : null),
    decisions: [
      {
        label: '办理',
        doneText: '已办理',
        dialog: (r, d) => <button onClick={() => (d.onDone(), d.onClose())}>{`确认办理 ${r.order_no}`}</button>,
      },
      rejection<Row>('测试申请', '如：信息不全', reject),
    ],
  };
  return { kind, list, reject };
}

const show = (kind: QueueKind<Row, Status>, canDecide: boolean) =>
  renderConsole(
    <MemoryRouter>
      <RequestQueue kind={kind} canDecide={canDecide} />
    </MemoryRouter>,
  );

const rowOf = (orderNo: string) => screen.getByRole('link', { name: orderNo }).closest('tr') as HTMLElement;

describe('RequestQueue', () => {
  it('opens on the open requests, each with its order link, its own columns and the kind’s decisions', async () => {
    const { kind, list } = kindOf([row(1, 'open'), row(2, 'done', '已处理完毕')]);
    show(kind, true);
    await screen.findByText('说明 1');
    expect(list).toHaveBeenLastCalledWith('open');
    expect(screen.queryByText('说明 2')).toBeNull();
    const open = within(rowOf('P1'));
    expect(open.getByText('1000000001')).toBeTruthy();
    expect(open.getByText('待处理')).toBeTruthy();
    expect(open.getByRole('button', { name: '办理' })).toBeTruthy();
    expect(open.getByRole('button', { name: '驳回' })).toBeTruthy();
  });

  it('an empty queue says 没有 and its name', async () => {
    show(kindOf([]).kind, true);
    await screen.findByText('没有测试申请');
  });

  it('an operator who may not decide sees 待财务处理 on an open request', async () => {
    show(kindOf([row(1, 'open')]).kind, false);
    await screen.findByText('说明 1');
    expect(within(rowOf('P1')).getByText('待财务处理')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '办理' })).toBeNull();
  });

  it('a decided request says 已处理, with its state and the answer under it', async () => {
    const { kind } = kindOf([row(2, 'done', '已处理完毕')]);
    show(kind, true);
    await screen.findByText('没有测试申请'); // the filter starts at 待处理
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('已办理'));
    await screen.findByText('说明 2');
    const decided = within(await waitFor(() => rowOf('P2')));
    expect(decided.getByText('答复：已处理完毕')).toBeTruthy();
    expect(decided.getByText('已处理')).toBeTruthy();
    expect(decided.queryByRole('button', { name: '驳回' })).toBeNull();
  });

  it('a decision opens its own dialog for the row, says it is done and closes', async () => {
    const { kind } = kindOf([row(1, 'open')]);
    show(kind, true);
    await screen.findByText('说明 1');
    fireEvent.click(within(rowOf('P1')).getByRole('button', { name: '办理' }));
    fireEvent.click(screen.getByRole('button', { name: '确认办理 P1' }));
    await screen.findByText('已办理');
    expect(screen.queryByRole('button', { name: '确认办理 P1' })).toBeNull();
  });

  it('a decision held for another person says 待第二人审批 and that nothing was refunded, never its done words', async () => {
    const { kind } = kindOf([row(1, 'open')]);
    const held = {
      pending_approval: {
        id: 42,
        kind: 'refund_request',
        agent_id: 1,
        agent_name: '演示代理',
        summary: '订单 P1：同意用户退款申请，全额退款 ¥2000.00',
        breaches: ['退款金额 ¥2000.00 超过上限 ¥1000.00'],
        reason: '核实未使用',
        requested_by: 'finance',
        requested_at: '2026-12-01T00:00:00.000Z',
        state: 'pending',
        decided_by: null,
        decided_at: null,
        decision_reason: '',
        outcome: '',
        can_decide: false,
        can_withdraw: true,
      },
    };
    kind.decisions[0] = {
      ...kind.decisions[0]!,
      dialog: (r, d) => <button onClick={() => (d.onDone(held), d.onClose())}>{`确认办理 ${r.order_no}`}</button>,
    };
    show(kind, true);
    await screen.findByText('说明 1');
    fireEvent.click(within(rowOf('P1')).getByRole('button', { name: '办理' }));
    fireEvent.click(screen.getByRole('button', { name: '确认办理 P1' }));
    // the notice (antd renders a modal's title twice: for the dialog and its label)
    expect((await screen.findAllByText('超出单笔退款上限，待第二人审批')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/尚未退款：已提交审批（编号 42）/).length).toBeGreaterThan(0);
    expect(screen.queryByText('已办理')).toBeNull();
  });

  it('驳回 asks a reason the holder reads and rejects that row with it', async () => {
    const { kind, reject } = kindOf([row(1, 'open')]);
    show(kind, true);
    await screen.findByText('说明 1');
    fireEvent.click(within(rowOf('P1')).getByRole('button', { name: '驳回' }));
    expect(await screen.findByText('驳回测试申请：P1')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('驳回原因（持卡人可见）'), { target: { value: '  信息不全  ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认驳回' }));
    await screen.findByText('已驳回');
    expect(reject).toHaveBeenCalledWith(1, '信息不全');
  });
});
