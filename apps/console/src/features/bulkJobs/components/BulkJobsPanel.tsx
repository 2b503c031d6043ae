// 批量任务: a new job (an action, the cards — selected in 卡片 or pasted, one number a line — and a
// reason), the jobs, and one job's result per card. 转移代理 and 移至运营商账号 (an enabled account,
// chosen from a list) are the platform administrator's. A job (at most BULK_MAX_CARDS cards) is done in
// the background (docs/decisions/0027): the answer comes at once with every card 待处理, and the
// list and the open job poll while a job is not done, showing its progress.
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Alert, App, Button, Card, Checkbox, Drawer, Empty, Form, Input, Modal, Select, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { BULK_KIND_LABEL, BULK_KINDS, BULK_MAX_CARDS } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { ApiError, messageOf } from '../../../lib/api';
import { chinaTime } from '../../../lib/format';
import { useCarrierAccountChoices } from '../../../lib/selectOptions';
import { useOperator } from '../../../lib/session';
import { AgentSelect } from '../../../components/AgentSelect';
import { SeriesSelect } from '../../../components/SeriesSelect';
import { LoadError } from '../../../components/LoadError';
import { useBulkJobs, type BulkJob as Job } from '../api/getBulkJobs';
import { useCreateBulkJob, type NewJobFields as Fields } from '../api/createBulkJob';
import { accountOption, actionOf, kindsFor, numbersOf } from '../model/jobs';
import { JobProgress, StatusTag } from './JobStatus';
import { JobDetail } from './JobDetail';

export function BulkJobsPanel() {
  const { message } = App.useApp();
  const location = useLocation();
  const session = useOperator();
  const preset = (location.state as { custom_nums?: string[] } | null)?.custom_nums ?? [];
  const [creating, setCreating] = useState(preset.length > 0);
  const [openJob, setOpenJob] = useState<number | null>(null);
  const [form] = Form.useForm<Fields>();
  const kind = Form.useWatch('kind', form);
  const isPlatform = session.data?.role === 'platform_admin';

  const jobs = useBulkJobs();
  // asked only when the action needs it
  const accounts = useCarrierAccountChoices(creating && kind === 'move_carrier_account');
  const create = useCreateBulkJob((job) => {
    message.success(`任务 ${job.id} 已提交：共 ${job.total} 张卡，后台处理中`);
    setCreating(false);
    form.resetFields();
    setOpenJob(job.id);
  });

  // 移至运营商账号 refused for cards another carrier issued: the form asks for the confirmation
  const crossCarrier = create.error instanceof ApiError && create.error.code === Code.CROSS_CARRIER_NEEDS_CONFIRM;

  const kinds = kindsFor(BULK_KINDS, isPlatform).map((k) => ({ value: k, label: BULK_KIND_LABEL[k] }));

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
        <LoadError error={jobs.error} onRetry={() => void jobs.refetch()} />
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
            { title: '操作', key: 'kind', width: 160, ellipsis: true, render: (_v, j) => actionOf(j) },
            { title: '原因', dataIndex: 'reason', ellipsis: true },
            { title: '状态', dataIndex: 'status', width: 90, render: (s: string) => <StatusTag status={s} /> },
            { title: '进度', key: 'progress', width: 200, render: (_v, j) => <JobProgress job={j} size="small" /> },
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
        <Typography.Paragraph type="secondary">
          提交后立即返回，任务在后台逐卡处理，每张卡记录结果；一次最多 {BULK_MAX_CARDS.toLocaleString('zh-CN')} 张卡。
        </Typography.Paragraph>
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
            <Form.Item name="series_id" label="套餐系列" rules={[{ required: true, message: '请选择套餐系列' }]}>
              <SeriesSelect allowClear={false} width={360} />
            </Form.Item>
          ) : null}
          {kind === 'move_agent' ? (
            <Form.Item name="agent_id" label="目标代理" rules={[{ required: true, message: '请选择目标代理' }]}>
              <AgentSelect allowClear={false} width={360} />
            </Form.Item>
          ) : null}
          {kind === 'move_carrier_account' ? (
            <Form.Item
              name="carrier_account_id"
              label="目标运营商账号"
              extra="只列出已启用的账号；已在该账号的卡会跳过。移动后由同步引擎从新账号读取卡的状态与用量。"
              rules={[{ required: true, message: '请选择运营商账号' }]}
            >
              <Select
                placeholder="选择运营商账号"
                loading={accounts.isPending}
                options={(accounts.data?.items ?? []).map(accountOption)}
                notFoundContent={accounts.error ? messageOf(accounts.error) : '没有已启用的运营商账号'}
                style={{ width: 360 }}
              />
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
          {crossCarrier ? (
            // the server named the cards another carrier issued: moving them is a decision, with its reason above
            <Form.Item
              name="confirm_cross_carrier"
              valuePropName="checked"
              rules={[
                {
                  validator: (_r, v: boolean | undefined) =>
                    v ? Promise.resolve() : Promise.reject(new Error('请核对卡的运营商；确需移动请勾选并在原因中说明')),
                },
              ]}
            >
              <Checkbox data-testid="confirm-cross-carrier">确认跨运营商移动（已在原因中说明）</Checkbox>
            </Form.Item>
          ) : null}
        </Form>
        {create.error ? (
          <Alert type={crossCarrier ? 'warning' : 'error'} showIcon title={messageOf(create.error)} data-testid="bulk-job-error" />
        ) : null}
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
