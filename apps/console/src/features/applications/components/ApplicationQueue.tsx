// 代理申请: the queue of applications to become an agent (oldest first), 转审核中 / 通过 (the applicant
// becomes a sub-agent of the agent it applied through: ApproveApplication) / 驳回 —
// a rejection needs its reason, which the applicant reads on /agent. Written through the agent
// applications module; audited. 导出 CSV of the current filter.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Typography } from 'antd';
import { AGENT_CHANNEL_LABEL, type AgentApplicationStatus as Status } from '@portal/contract/patterns/agentApplications';
import { messageOf, urlOf } from '../../../lib/api';
import { labelOf } from '../../../lib/labels';
import { ageColumn, StateFilter, tagOf } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { ReasonModal } from '../../../components/ReasonModal';
import { applicationsList, type Application as Row } from '../api/getApplications';
import { invalidateApplications, markInReview, reject } from '../api/decideApplication';
import { queryKeys } from '../../../lib/queryKeys';
import { ApproveApplication } from './ApproveApplication';
import { APPLICATION_STATES as STATUS } from '../model/states';
import * as admin from '@portal/contract/routes/admin';

const statusTag = tagOf(STATUS);

export function ApplicationQueue() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const [rejecting, setRejecting] = useState<Row | null>(null);
  const [approving, setApproving] = useState<Row | null>(null);
  const decide = useMutation({
    mutationFn: markInReview,
    onSuccess: () => {
      void message.success('已转为审核中');
      void invalidateApplications(qc);
    },
    onError: (e) => void message.error(messageOf(e)),
  });
  return (
    <>
      <ListPage<Row>
        name="代理申请"
        {...applicationsList(status)}
        exportUrl={urlOf(admin.adminExportApplications, { status })}
        empty="没有代理申请"
        filters={<StateFilter<Status> states={STATUS} value={status} onChange={setStatus} />}
        rowKey="id"
        columns={[
          { title: '申请编号', dataIndex: 'application_no', width: 140 },
          { title: '姓名', dataIndex: 'name', width: 80 },
          { title: '手机号', dataIndex: 'mobile', width: 120 },
          { title: '地区', key: 'region', width: 130, render: (_v, r) => `${r.province} ${r.city}` },
          { title: '渠道', dataIndex: 'channel', width: 100, render: (c: string) => labelOf(AGENT_CHANNEL_LABEL, c) },
          { title: '备注', dataIndex: 'notes', ellipsis: true, render: (n: string) => n || '—' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 150,
            render: (s: string, r) => (
              <>
                {statusTag(s)}
                {r.reject_reason ? <Typography.Text type="secondary">{r.reject_reason}</Typography.Text> : null}
              </>
            ),
          },
          ageColumn<Row>(),
          {
            title: '操作',
            key: 'op',
            width: 190,
            render: (_v, r) =>
              r.status === 'submitted' || r.status === 'in_review' ? (
                <Space size={0}>
                  {r.status === 'submitted' ? (
                    <Button type="link" disabled={decide.isPending && decide.variables === r.id} onClick={() => decide.mutate(r.id)}>
                      审核中
                    </Button>
                  ) : null}
                  <Button type="link" onClick={() => setApproving(r)}>
                    通过
                  </Button>
                  <Button type="link" danger onClick={() => setRejecting(r)}>
                    驳回
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">已审核</Typography.Text>
              ),
          },
        ]}
      />
      {approving ? (
        <ApproveApplication
          application={approving}
          onClose={() => setApproving(null)}
          onDone={() => {
            setApproving(null);
            void message.success('已通过，已新建下级代理');
            void invalidateApplications(qc);
            void qc.invalidateQueries({ queryKey: queryKeys.agents.all });
          }}
        />
      ) : null}
      {rejecting ? (
        <ReasonModal<{ reason: string }>
          title={`驳回申请：${rejecting.name}`}
          okText="确认驳回"
          danger
          reasonLabel="驳回原因（申请人可见）"
          reasonPlaceholder="如：所在地区已有代理"
          onConfirm={(v) => reject(rejecting.id, v.reason)}
          onDone={() => {
            void message.success('已驳回');
            void invalidateApplications(qc);
          }}
          onClose={() => setRejecting(null)}
        />
      ) : null}
    </>
  );
}
