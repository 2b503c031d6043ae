// 优惠券发放: issue vouchers to a list of cards, every card of a series, or of an agent; the batch
// list below. Each open form carries one random request id: submitting twice issues once.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { call, messageOf, newRequestKey, urlOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { ReasonModal } from '../../../components/ReasonModal';
import { ListPage } from '../../../components/ListPage';
import { PACKAGE_TYPE_OPTIONS } from '../../../components/packageTypes';
import { chinaTime, yuan } from '../../../lib/format';
import { useAgents, useSeries } from '../../../lib/selectOptions';
import { useOperator } from '../../../lib/session';
import { sayHeld } from '../../../lib/heldForApproval';
import { REASON_RULES, toFen } from '../../../lib/zodRule';
import { voucherBatchesList, type VoucherBatch as Batch } from '../api/getVoucherBatches';
import { useIssueVouchers } from '../api/issueVouchers';
import { issueWarning, type IssueFields as Fields } from '../model/issueForm';
import * as admin from '@portal/contract/routes/admin';

// not crypto.randomUUID: a console served over plain http on a LAN address has no randomUUID
const newRequestId = () => `issue-${newRequestKey()}`;

export function VoucherIssue() {
  const queryClient = useQueryClient();
  const op = useOperator().data;
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [requestId, setRequestId] = useState(newRequestId);
  const [revoking, setRevoking] = useState<Batch | null>(null);
  const kind = Form.useWatch('kind', form) ?? 'cards';
  const series = useSeries();
  const agents = useAgents();
  const m = useIssueVouchers(requestId, (d) => {
    if (!sayHeld(modal, d) && 'batch' in d)
      message.success(d.repeated ? `该次提交已发放过（${d.batch.card_count} 张卡），未重复发放` : `已向 ${d.batch.card_count} 张卡发放`);
    form.resetFields();
    setRequestId(newRequestId());
  });
  const limitsQuery = { queryKey: queryKeys.approvals.limits, queryFn: () => call(admin.adminWriteLimits) };
  const limits = useQuery(limitsQuery);
  const submit = async (v: Fields) => {
    // the limits not read yet (a slow first load): read them now, or the confirmation would say
    // 发放 for an issue the server then holds for approval
    const known = limits.data ?? (await queryClient.fetchQuery(limitsQuery).catch(() => undefined));
    const over = issueWarning(known, v);
    return modal.confirm({
      title: over ? '超出限额：发放需另一位管理员审批' : '确认发放优惠券？',
      content: (
        <>
          <p>
            {v.name}：面额 {yuan(toFen(v.amount))}，满 {yuan(toFen(v.min_spend))} 可用，{v.valid_days}{' '}
            天有效。发放后可在发放记录中撤销未使用的券。
          </p>
          {over ? <Alert type="warning" showIcon title={over} /> : null}
        </>
      ),
      okText: over ? '提交审批' : '发放',
      cancelText: '取消',
      onOk: () => m.mutateAsync(v).catch(() => undefined),
    });
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card title="发放优惠券">
        {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 640 }}
          initialValues={{ kind: 'cards', min_spend: 0, valid_days: 30 }}
          onFinish={submit}
        >
          <Form.Item name="kind" label="发放对象">
            <Radio.Group
              options={[
                { value: 'cards', label: '指定卡号' },
                { value: 'series', label: '某系列的全部卡' },
                ...(op?.role === 'agent_admin' ? [] : [{ value: 'agent', label: '某代理的全部卡' }]),
              ]}
            />
          </Form.Item>
          {kind === 'cards' ? (
            <Form.Item name="custom_nums" label="卡号（每行一个，或以逗号分隔）" rules={[{ required: true, message: '请填写卡号' }]}>
              <Input.TextArea rows={4} placeholder="1000000001" />
            </Form.Item>
          ) : kind === 'series' ? (
            <Form.Item name="series_id" label="套餐系列" rules={[{ required: true, message: '请选择套餐系列' }]}>
              <Select options={(series.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.agent_name} · ${s.name}` }))} />
            </Form.Item>
          ) : (
            <Form.Item name="agent_id" label="代理" rules={[{ required: true, message: '请选择代理' }]}>
              <Select options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: a.nickname }))} />
            </Form.Item>
          )}
          <Form.Item
            name="name"
            label="券名称"
            rules={[
              { required: true, message: '请填写券名称' },
              { max: 30, message: '券名称最多 30 字' },
            ]}
          >
            <Input placeholder="如 老用户回馈5元券" />
          </Form.Item>
          <Form.Item
            name="amount"
            label="面额（元）"
            rules={[
              { required: true, message: '请填写面额' },
              { type: 'number', min: 0.01, message: '面额至少 0.01 元' },
            ]}
          >
            <InputNumber precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="min_spend"
            label="使用门槛（满多少元可用，0 为无门槛）"
            rules={[{ type: 'number', min: 0, message: '门槛不能为负数' }]}
          >
            <InputNumber precision={2} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="valid_days"
            label="有效天数"
            rules={[
              { required: true, message: '请填写有效天数' },
              { type: 'number', min: 1, max: 3650, message: '有效天数为 1–3650 天' },
            ]}
          >
            <InputNumber precision={0} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="package_types" label="限用套餐类型（不选为全部）">
            <Select mode="multiple" allowClear options={PACKAGE_TYPE_OPTIONS} />
          </Form.Item>
          <Form.Item name="reason" label="发放原因" rules={REASON_RULES}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={m.isPending}>
            发放
          </Button>
        </Form>
      </Card>
      <Card title="发放记录">
        <ListPage<Batch>
          card={false}
          name="发放记录"
          {...voucherBatchesList()}
          exportUrl={urlOf(admin.adminExportVoucherBatches)}
          empty="暂无发放记录"
          rowKey="id"
          // the batch's columns outgrow the page: the table scrolls sideways rather than squeeze the name
          table={{ scroll: { x: 1500 } }}
          columns={[
            { title: '时间', dataIndex: 'created_at', width: 170, render: (v: string) => chinaTime(v) },
            { title: '券名称', dataIndex: 'name', width: 160 },
            { title: '面额', dataIndex: 'amount_fen', width: 100, align: 'right', render: (f: number) => yuan(f) },
            { title: '门槛', dataIndex: 'min_spend_fen', width: 100, align: 'right', render: (f: number) => yuan(f) },
            { title: '有效天数', dataIndex: 'valid_days', width: 90, align: 'right' },
            { title: '对象', dataIndex: 'target', width: 200 },
            { title: '卡数', dataIndex: 'card_count', width: 80, align: 'right' },
            { title: '券状态', key: 'vouchers', width: 220, render: (_v, b) => voucherStates(b) },
            { title: '操作人', dataIndex: 'operator_username', width: 100 },
            { title: '原因', dataIndex: 'reason', width: 180, ellipsis: true },
            {
              title: '操作',
              key: 'revoke',
              width: 110,
              render: (_v, b) =>
                b.vouchers.usable > 0 ? (
                  <Button type="link" danger onClick={() => setRevoking(b)} aria-label={`撤销未使用 ${b.name}`}>
                    撤销未使用
                  </Button>
                ) : null,
            },
          ]}
        />
        {revoking ? <RevokeModal batch={revoking} onClose={() => setRevoking(null)} /> : null}
      </Card>
    </div>
  );
}

/** 可用 3 · 已用 1 · 支付中 1 · 已撤销 2 · 已过期 0, the zeros left out. */
function voucherStates(b: Batch): string {
  const v = b.vouchers;
  const parts = [
    ['可用', v.usable],
    ['已用', v.used],
    ['支付中', v.locked],
    ['已撤销', v.revoked],
    ['已过期', v.expired],
  ] as const;
  return (
    parts
      .filter(([, n]) => n > 0)
      .map(([label, n]) => `${label} ${n}`)
      .join(' · ') || '—'
  );
}

/** 撤销未使用: the batch's usable vouchers go; what holders used or are paying with stays. */
function RevokeModal({ batch, onClose }: { batch: Batch; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  return (
    <ReasonModal<{ reason: string }>
      title={`撤销未使用的券：${batch.name}`}
      okText="确认撤销"
      danger
      reasonLabel="撤销原因"
      reasonPlaceholder="如：金额填错，撤回后重新发放"
      intro={
        <Typography.Paragraph>
          将撤销 <b>{batch.vouchers.usable}</b> 张尚未使用的券，持卡人将不再看到它们；已使用（{batch.vouchers.used} 张）和正在支付中（
          {batch.vouchers.locked} 张）的券不受影响。此操作不可撤销。
        </Typography.Paragraph>
      }
      onConfirm={(v) => call(admin.adminVoucherBatchRevoke, { id: batch.id, reason: v.reason })}
      onDone={(a) => {
        void message.success(`已撤销 ${(a as { revoked: number }).revoked} 张券`);
        void qc.invalidateQueries({ queryKey: queryKeys.voucherBatches.all });
      }}
      onClose={onClose}
    />
  );
}
