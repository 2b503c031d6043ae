// The one shape of the after-sales queues (docs/decisions/0045-partial-refunds-and-requests.md): a
// kind's requests oldest first in the operator's agent scope, filtered by state (待处理 first), each
// with its order and card, its state and the answer given, how long it has waited, and — while open,
// for an operator who may decide — the kind's decisions, each in its own dialog. A decision says so
// and refreshes the queues and every order view (an approved refund changes its order).
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import type { TableColumnType } from 'antd';
import { Link } from 'react-router';
import { ageColumn, StateFilter, tagOf, type Labelled } from '../../../components/columns';
import { ListPage, type KeysetPage } from '../../../components/ListPage';
import { ReasonModal } from '../../../components/ReasonModal';
import { sayHeld } from '../../../lib/heldForApproval';
import { orderPath } from '../../../lib/paths';
import { invalidateAfterSales } from '../api/requests';
import { Sub } from './Sub';

/** What every kind's row has. */
export interface QueueRow {
  id: number;
  order_no: string;
  custom_num: string;
  status: string;
  answer: string;
}

/**
 * The dialog of one decision: `onDone` once the server took it (with its answer: a refund above the
 * refund limit is answered `{ pending_approval }`, docs/decisions/0059), `onClose` in any case.
 */
export interface DecisionDialog {
  onDone(answer?: unknown): void;
  onClose(): void;
}

export interface QueueDecision<Row> {
  /** the row's link button */
  label: string;
  danger?: boolean;
  /** the toast once decided */
  doneText: string;
  dialog(row: Row, d: DecisionDialog): ReactNode;
}

/** What a kind of request brings to the queue. */
export interface QueueKind<Row extends QueueRow, S extends string> {
  /** the queue's name (退款申请); an empty queue says 没有… */
  name: string;
  states: Labelled;
  /** the list of one state (undefined: all): ListPage's key and pages */
  list(status: S | undefined): { queryKey: readonly unknown[]; fetchPage(cursor: number | undefined): Promise<KeysetPage<Row>> };
  /** the kind's own columns, between 卡号 and 状态 */
  columns: TableColumnType<Row>[];
  /** the lines under the state's tag (the answer, an invoice number, who decided) */
  stateNotes(row: Row): ReactNode;
  decisions: QueueDecision<Row>[];
}

export function RequestQueue<Row extends QueueRow, S extends string>({
  kind: p,
  canDecide,
}: {
  kind: QueueKind<Row, S>;
  canDecide: boolean;
}) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<S | undefined>('open' as S);
  const [deciding, setDeciding] = useState<{ row: Row; decision: QueueDecision<Row> } | null>(null);
  const statusTag = tagOf(p.states);
  return (
    <>
      <ListPage<Row>
        name={p.name}
        card={false}
        {...p.list(status)}
        empty={`没有${p.name}`}
        filters={<StateFilter<S> states={p.states} value={status} onChange={setStatus} />}
        rowKey="id"
        columns={[
          { title: '订单号', dataIndex: 'order_no', width: 190, render: (o: string) => <Link to={orderPath(o)}>{o}</Link> },
          { title: '卡号', dataIndex: 'custom_num', width: 110 },
          ...p.columns,
          {
            title: '状态',
            dataIndex: 'status',
            width: 170,
            render: (s: string, r) => (
              <>
                {statusTag(s)}
                {p.stateNotes(r)}
              </>
            ),
          },
          ageColumn<Row>(),
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_v, r) =>
              r.status !== 'open' ? (
                <Typography.Text type="secondary">已处理</Typography.Text>
              ) : canDecide ? (
                <Space size={0}>
                  {p.decisions.map((decision) => (
                    <Button key={decision.label} type="link" danger={decision.danger} onClick={() => setDeciding({ row: r, decision })}>
                      {decision.label}
                    </Button>
                  ))}
                </Space>
              ) : (
                <Typography.Text type="secondary">待财务处理</Typography.Text>
              ),
          },
        ]}
      />
      {deciding
        ? deciding.decision.dialog(deciding.row, {
            onDone: (answer) => {
              // held for another person: not done, and the notice says so (待第二人审批)
              if (!sayHeld(modal, answer)) void message.success(deciding.decision.doneText);
              void invalidateAfterSales(qc);
            },
            onClose: () => setDeciding(null),
          })
        : null}
    </>
  );
}

/** 驳回: a reason the holder reads on the order, after which they may ask again. */
export function rejection<Row extends QueueRow>(
  what: string,
  placeholder: string,
  reject: (id: number, reason: string) => Promise<unknown>,
): QueueDecision<Row> {
  return {
    label: '驳回',
    danger: true,
    doneText: '已驳回',
    dialog: (row, d) => (
      <ReasonModal<{ reason: string }>
        title={`驳回${what}：${row.order_no}`}
        okText="确认驳回"
        danger
        reasonLabel="驳回原因（持卡人可见）"
        reasonPlaceholder={placeholder}
        onConfirm={(v) => reject(row.id, v.reason)}
        onDone={d.onDone}
        onClose={d.onClose}
      />
    ),
  };
}

/** The answer given, as a second line under the state (a rejection's reason, an approval's). */
export const answerNote = (r: QueueRow) => (r.answer ? <Sub key="answer">{r.answer}</Sub> : null);
