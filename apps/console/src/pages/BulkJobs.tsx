// 批量任务: a new job (an action, the cards — selected in 卡片 or pasted, one number a line — and a
// reason), the jobs, and one job's result per card. A job runs when it is created (at most
// BULK_MAX_CARDS cards), so its result is there when the answer comes.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Drawer, Empty, Form, Input, InputNumber, Modal, Select, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BULK_KIND_LABEL, BULK_MAX_CARDS, BULK_STATUS_LABEL, type AdminAnswerOf, type BulkKind } from '@portal/contract/admin';
import { call, messageOf } from '../lib/api';
import { chinaTime } from '../lib/format';
import { useOperator } from '../lib/session';

type Job = AdminAnswerOf<'adminBulkJobCreate'>;
interface Fields {
  kind: BulkKind;
  numbers: string;
  reason: string;
  series_id?: number;
  agent_id?: number;
}

/** One card number a line (or separated by commas / spaces), duplicates dropped. */
export function numbersOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

function JobDetail({ id }: { id: number }) {
  const q = useQuery({ queryKey: ['bulk-job', id], queryFn: () => call('adminBulkJobDetail', { id }) });
  if (q.error)
    return (
      <Alert
        type="error"
        showIcon
        title={messageOf(q.error)}
        action={
          <Button size="small" onClick={() => q.refetch()}>
            重试
          </Button>
        }
      />
    );
  const job = q.data?.job;
  return (
    <>
      {job ? (
        <Typography.Paragraph>
          {job.kind_label}，原因：{job.reason}。共 {job.total} 张，成功 {job.ok_count} 张，失败 {job.failed_count} 张。
        </Typography.Paragraph>
      ) : null}
      <Table
        size="small"
        rowKey="id"
        loading={q.isPending}
        dataSource={q.data?.items ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: '卡号', dataIndex: 'custom_num', width: 180 },
          {
            title: '结果',
            dataIndex: 'status',
            width: 90,
            render: (s: string) => <Tag color={s === 'ok' ? 'green' : s === 'failed' ? 'red' : undefined}>{BULK_STATUS_LABEL[s] ?? s}</Tag>,
          },
          { title: '说明', dataIndex: 'message' },
        ]}
      />
    </>
  );
}

export default function BulkJobs() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const location = useLocation();
  const session = useOperator();
  const preset = (location.state as { custom_nums?: string[] } | null)?.custom_nums ?? [];
  const [creating, setCreating] = useState(preset.length > 0);
  const [openJob, setOpenJob] = useState<number | null>(null);
  const [form] = Form.useForm<Fields>();
  const kind = Form.useWatch('kind', form);
  const isPlatform = session.data?.role === 'platform_admin';

  const jobs = useQuery({ queryKey: ['bulk-jobs'], queryFn: () => call('adminBulkJobList', {}) });
  const create = useMutation({
    mutationFn: (v: Fields) =>
      call('adminBulkJobCreate', {
        kind: v.kind,
        custom_nums: numbersOf(v.numbers),
        reason: v.reason.trim(),
        ...(v.kind === 'set_series' ? { series_id: v.series_id } : {}),
        ...(v.kind === 'move_agent' ? { agent_id: v.agent_id } : {}),
      }),
    onSuccess: (job: Job) => {
      message.success(`任务 ${job.id} 已完成：成功 ${job.ok_count} 张，失败 ${job.failed_count} 张`);
      setCreating(false);
      form.resetFields();
      setOpenJob(job.id);
      void client.invalidateQueries({ queryKey: ['bulk-jobs'] });
      void client.invalidateQueries({ queryKey: ['cards'] });
    },
  });

  const kinds = (Object.keys(BULK_KIND_LABEL) as BulkKind[])
    .filter((k) => k !== 'move_agent' || isPlatform)
    .map((k) => ({ value: k, label: BULK_KIND_LABEL[k] }));

  return (
    <Card
      title="批量任务"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建任务
        </Button>
      }
    >
      {jobs.error ? (
        <Alert
          type="error"
          showIcon
          title={messageOf(jobs.error)}
          action={
            <Button size="small" onClick={() => jobs.refetch()}>
              重试
            </Button>
          }
        />
      ) : (
        <Table<Job>
          size="small"
          rowKey="id"
          loading={jobs.isPending}
          dataSource={jobs.data?.items ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description="还没有批量任务" /> }}
          columns={[
            { title: '任务', dataIndex: 'id', width: 70 },
            { title: '操作', dataIndex: 'kind_label', width: 120 },
            { title: '原因', dataIndex: 'reason', ellipsis: true },
            { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => BULK_STATUS_LABEL[s] ?? s },
            { title: '卡数', dataIndex: 'total', width: 70 },
            { title: '成功', dataIndex: 'ok_count', width: 70 },
            {
              title: '失败',
              dataIndex: 'failed_count',
              width: 70,
              render: (n: number) => (n ? <Typography.Text type="danger">{n}</Typography.Text> : 0),
            },
            { title: '操作人', dataIndex: 'operator_username', width: 100 },
            { title: '创建时间', dataIndex: 'created_at', width: 170, render: chinaTime },
            {
              title: '',
              key: 'open',
              width: 80,
              render: (_v, j) => (
                <Button size="small" onClick={() => setOpenJob(j.id)}>
                  详情
                </Button>
              ),
            },
          ]}
        />
      )}

      <Modal
        title="新建批量任务"
        open={creating}
        okText="执行"
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => {
          setCreating(false);
          create.reset();
        }}
        width={640}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ kind: 'suspend', numbers: preset.join('\n') }}
          onFinish={(v) => create.mutate(v)}
        >
          <Form.Item name="kind" label="操作" rules={[{ required: true, message: '请选择操作' }]}>
            <Select options={kinds} />
          </Form.Item>
          {kind === 'set_series' ? (
            <Form.Item name="series_id" label="套餐系列ID" rules={[{ required: true, message: '请填写套餐系列ID' }]}>
              <InputNumber min={1} style={{ width: 160 }} />
            </Form.Item>
          ) : null}
          {kind === 'move_agent' ? (
            <Form.Item name="agent_id" label="目标代理编号" rules={[{ required: true, message: '请填写目标代理编号' }]}>
              <InputNumber min={1} style={{ width: 160 }} />
            </Form.Item>
          ) : null}
          <Form.Item
            name="numbers"
            label="卡号（每行一个）"
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  const n = numbersOf(v ?? '').length;
                  if (n === 0) throw new Error('请至少填写一个卡号');
                  if (n > BULK_MAX_CARDS) throw new Error(`一次最多 ${BULK_MAX_CARDS} 张卡`);
                },
              },
            ]}
          >
            <Input.TextArea rows={6} placeholder={'1000000001\n1000000002'} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="原因"
            rules={[{ required: true, whitespace: true, min: 2, max: 200, message: '请填写原因（2–200 个字）' }]}
          >
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
        {create.error ? <Alert type="error" showIcon title={messageOf(create.error)} /> : null}
      </Modal>

      <Drawer
        title={openJob ? `任务 ${openJob} 的结果` : ''}
        open={openJob !== null}
        onClose={() => setOpenJob(null)}
        size={720}
        destroyOnHidden
      >
        {openJob ? <JobDetail id={openJob} /> : null}
      </Drawer>
    </Card>
  );
}
