// 换卡申请: card replacement applications, oldest first — 发货 (carrier and tracking number, the
// new card's number if known), 完成 once it arrived, 驳回 with a reason; 导出 CSV of the current
// filter. Audited on the server.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Popconfirm, Space, Typography } from 'antd';
import { Link } from 'react-router';
import type { ReplacementStatus as Status } from '@portal/contract/admin';
import { messageOf, urlOf } from '../../../lib/api';
import { storyPath } from '../../../lib/paths';
import { ageColumn, StateFilter, tagOf } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { ReasonModal } from '../../../components/ReasonModal';
import { ShipModal } from '../../../components/ShipModal';
import { replacementsList, type Replacement as Row } from '../api/getReplacements';
import { invalidateReplacements, markDone, markShipped, reject, type ShipFields } from '../api/moveReplacement';
import { REPLACEMENT_STATES as STATUS } from '../model/states';
import * as admin from '@portal/contract/routes/admin';

const statusTag = tagOf(STATUS);

export function ReplacementQueue() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<Status | undefined>('submitted');
  const [moving, setMoving] = useState<{ row: Row; to: 'shipped' | 'rejected' } | null>(null);
  const done = useMutation({
    mutationFn: markDone,
    onSuccess: () => {
      void message.success('已标记完成');
      void invalidateReplacements(qc);
    },
    onError: (e) => void message.error(messageOf(e)),
  });
  return (
    <>
      <ListPage<Row>
        name="换卡申请"
        {...replacementsList(status)}
        exportUrl={urlOf(admin.adminExportReplacements, { status })}
        empty="没有换卡申请"
        filters={<StateFilter<Status> states={STATUS} value={status} onChange={setStatus} />}
        rowKey="id"
        columns={[
          {
            title: '卡号',
            dataIndex: 'custom_num',
            width: 120,
            render: (c: string) => <Link to={storyPath(c)}>{c}</Link>,
          },
          { title: '收件人', key: 'to', width: 170, render: (_v, r) => `${r.receiver_name} ${r.receiver_mobile}` },
          { title: '地址', dataIndex: 'address', ellipsis: true },
          { title: '原因', dataIndex: 'reason', width: 120, ellipsis: true },
          {
            title: '状态',
            dataIndex: 'status',
            width: 200,
            render: (s: string, r) => (
              <>
                {statusTag(s)}
                {r.tracking_no ? (
                  <Typography.Text type="secondary">
                    {r.carrier} {r.tracking_no}
                  </Typography.Text>
                ) : null}
                {r.reject_reason ? <Typography.Text type="secondary">{r.reject_reason}</Typography.Text> : null}
              </>
            ),
          },
          ageColumn<Row>(),
          {
            title: '操作',
            key: 'op',
            width: 150,
            render: (_v, r) =>
              r.status === 'submitted' ? (
                <Space size={0}>
                  <Button type="link" onClick={() => setMoving({ row: r, to: 'shipped' })}>
                    发货
                  </Button>
                  <Button type="link" danger onClick={() => setMoving({ row: r, to: 'rejected' })}>
                    驳回
                  </Button>
                </Space>
              ) : r.status === 'shipped' ? (
                <Popconfirm title="确认用户已收到新卡？" okText="完成" cancelText="取消" onConfirm={() => done.mutate(r.id)}>
                  <Button type="link" loading={done.isPending && done.variables === r.id}>
                    完成
                  </Button>
                </Popconfirm>
              ) : (
                <Typography.Text type="secondary">已处理</Typography.Text>
              ),
          },
        ]}
      />
      {moving?.to === 'shipped' ? (
        <ShipModal<ShipFields>
          title={`发货：${moving.row.custom_num}`}
          summary={`收件人：${moving.row.receiver_name} ${moving.row.receiver_mobile}，${moving.row.address}`}
          carrierMaxLength={64}
          onShip={(v) => markShipped(moving.row.id, v)}
          onShipped={() => {
            void message.success('已标记发货');
            void invalidateReplacements(qc);
          }}
          onClose={() => setMoving(null)}
        >
          <Form.Item name="new_custom_num" label="新卡号（可选）">
            <Input maxLength={32} />
          </Form.Item>
        </ShipModal>
      ) : null}
      {moving?.to === 'rejected' ? (
        <ReasonModal<{ reason: string }>
          title={`驳回换卡申请：${moving.row.custom_num}`}
          okText="确认驳回"
          danger
          reasonLabel="驳回原因"
          onConfirm={(v) => reject(moving.row.id, v.reason)}
          onDone={() => {
            void message.success('已驳回');
            void invalidateReplacements(qc);
          }}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </>
  );
}
