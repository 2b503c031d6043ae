// 超限审批 (docs/decisions/0048-limits-and-a-second-approver.md): the vouchers, balance adjustments and
// prices above the platform's limits, waiting for a second operator — 通过 carries the write out (once),
// 驳回 drops it, each with a reason; what was decided; and the limits themselves (the platform
// administrator sets them, the others read them).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Tabs, Tag, Typography } from 'antd';
import { APPROVAL_KIND_LABEL, APPROVAL_STATE_LABEL } from '@portal/contract/admin';
import { ListPage } from '../../../components/ListPage';
import { ReasonModal } from '../../../components/ReasonModal';
import { chinaTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/queryKeys';
import { allows, useOperator } from '../../../lib/session';
import { approvalsList, decideApproval, type Approval, type Decision } from '../api/approvals';
import { LimitsCard } from './LimitsCard';

const WHAT = [
  { title: '提交时间', dataIndex: 'requested_at', width: 110, render: (v: string) => chinaTime(v) },
  { title: '类型', dataIndex: 'kind', width: 100, render: (k: Approval['kind']) => APPROVAL_KIND_LABEL[k] },
  { title: '代理', dataIndex: 'agent_name', width: 100, render: (v: string | null) => v ?? '—' },
  { title: '内容', dataIndex: 'summary' },
  {
    // the limits it passes, or the rule that holds it whatever its size (docs/decisions/0056)
    title: '为何需审批',
    dataIndex: 'breaches',
    width: 260,
    render: (b: string[]) => (
      <Space direction="vertical" size={2}>
        {b.map((x) => (
          <Typography.Text key={x} type="danger">
            {x}
          </Typography.Text>
        ))}
      </Space>
    ),
  },
  { title: '申请人', dataIndex: 'requested_by', width: 90 },
  { title: '原因', dataIndex: 'reason', width: 150 },
];

export function ApprovalsTabs() {
  const op = useOperator().data;
  const [deciding, setDeciding] = useState<{ row: Approval; decision: Decision } | null>(null);
  return (
    <Card>
      <Tabs
        items={[
          {
            key: 'pending',
            label: '待审批',
            children: (
              <ListPage<Approval>
                card={false}
                name="待审批"
                {...approvalsList('pending')}
                empty="没有待审批的超限操作"
                rowKey="id"
                footnote="超过限额的发券、余额调整和调价不会直接生效：由提交人以外、有相应权限的管理员通过后才执行，且只执行一次。"
                columns={[
                  ...WHAT,
                  {
                    title: '操作',
                    key: 'decide',
                    width: 170,
                    render: (_v, row) =>
                      row.can_withdraw ? (
                        <Space>
                          <Typography.Text type="secondary">待他人审批</Typography.Text>
                          <Button type="link" onClick={() => setDeciding({ row, decision: 'withdraw' })} aria-label={`撤回 ${row.id}`}>
                            撤回
                          </Button>
                        </Space>
                      ) : row.can_decide ? (
                        <Space>
                          <Button type="link" onClick={() => setDeciding({ row, decision: 'approve' })} aria-label={`通过 ${row.id}`}>
                            通过
                          </Button>
                          <Button type="link" danger onClick={() => setDeciding({ row, decision: 'reject' })} aria-label={`驳回 ${row.id}`}>
                            驳回
                          </Button>
                        </Space>
                      ) : (
                        <Typography.Text type="secondary">
                          {row.requested_by === op?.username ? '待他人审批' : '需其他管理员审批'}
                        </Typography.Text>
                      ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'decided',
            label: '已处理',
            children: (
              <ListPage<Approval>
                card={false}
                name="已处理"
                {...approvalsList('decided')}
                empty="暂无已处理的审批"
                rowKey="id"
                table={{ scroll: { x: 1700 } }}
                columns={[
                  ...WHAT,
                  {
                    title: '状态',
                    dataIndex: 'state',
                    width: 90,
                    render: (s: Approval['state']) => <Tag color={STATE_COLOR[s]}>{APPROVAL_STATE_LABEL[s]}</Tag>,
                  },
                  { title: '处理人', dataIndex: 'decided_by', width: 100 },
                  { title: '处理意见', dataIndex: 'decision_reason', width: 180 },
                  { title: '执行结果', dataIndex: 'outcome', width: 220, render: (v: string) => v || '—' },
                  { title: '审批时间', dataIndex: 'decided_at', width: 160, render: (v: string | null) => chinaTime(v) },
                ]}
              />
            ),
          },
          { key: 'limits', label: '限额设置', children: <LimitsCard canManage={allows(op, 'limits.manage')} /> },
        ]}
      />
      {deciding ? <DecideModal {...deciding} onClose={() => setDeciding(null)} /> : null}
    </Card>
  );
}

const STATE_COLOR: Record<Approval['state'], string> = { pending: 'gold', approved: 'green', rejected: 'red', withdrawn: 'default' };

const DECISION: Record<Decision, { verb: string; okText: string; reasonLabel: string; placeholder: string; after: string }> = {
  approve: {
    verb: '通过',
    okText: '通过并执行',
    reasonLabel: '审批意见',
    placeholder: '如：已电话核实，同意',
    after: '通过后立即执行，且只执行一次。',
  },
  reject: {
    verb: '驳回',
    okText: '驳回',
    reasonLabel: '驳回原因',
    placeholder: '如：金额有误，请核对后重新提交',
    after: '驳回后不会执行，申请人可修改后重新提交。',
  },
  withdraw: {
    verb: '撤回',
    okText: '撤回申请',
    reasonLabel: '撤回原因',
    placeholder: '如：金额填错，改后重新提交',
    after: '撤回后不会执行，也不能再审批；如仍需要，请修改后重新提交。',
  },
};

function DecideModal({ row, decision, onClose }: { row: Approval; decision: Decision; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const approve = decision === 'approve';
  const d = DECISION[decision];
  return (
    <ReasonModal<{ reason: string }>
      title={`${d.verb}：${APPROVAL_KIND_LABEL[row.kind]}`}
      okText={d.okText}
      danger={!approve}
      reasonLabel={d.reasonLabel}
      reasonPlaceholder={d.placeholder}
      intro={
        <>
          <Typography.Paragraph>
            <b>{row.summary}</b>
          </Typography.Paragraph>
          <Typography.Paragraph type="danger">{row.breaches.join('；')}</Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            申请人 {row.requested_by}：{row.reason}
          </Typography.Paragraph>
          <Typography.Paragraph>{d.after}</Typography.Paragraph>
        </>
      }
      onConfirm={(v) => decideApproval(decision, row.id, v.reason)}
      onDone={(a) => {
        const done = a as Approval;
        // keyed by the request: a double click that both callers share says it once
        void message.success({ content: approve ? `已通过：${done.outcome}` : `已${d.verb}`, key: `approval-${row.id}` });
        // what an approval wrote is shown elsewhere too: those lists are asked again
        for (const queryKey of [queryKeys.approvals.all, queryKeys.voucherBatches.all, queryKeys.packages.all, queryKeys.cards.all])
          void qc.invalidateQueries({ queryKey });
      }}
      onClose={onClose}
    />
  );
}
