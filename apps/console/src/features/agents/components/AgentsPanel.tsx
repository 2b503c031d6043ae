// 代理商: the agents (an agent administrator: their own), and an agent's 品牌 / 支付 / 功能开关 in a
// drawer. Field rules are the contract's (BrandingFields): an unsafe link is refused at its field
// before the server refuses it too. 预览 opens the portal's login page branded by this agent.
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Result,
  Select,
  Space,
  Spin,
  Switch,
  Tabs,
  Typography,
  Upload,
} from 'antd';
import { LinkOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { AgentMark, BrandingFields, FEATURE_LABEL, type FeatureSwitches } from '@portal/contract/admin';
import { messageOf, urlOf } from '../../../lib/api';
import { ListPage } from '../../../components/ListPage';
import { allows, useOperator } from '../../../lib/session';
import { chinaTime } from '../../../lib/format';
import { REASON_RULES, toYuan, zodRule } from '../../../lib/zodRule';
import { agentsList, useAgent, type AgentDetail as Detail, type AgentSummary as Summary } from '../api/get-agents';
import { uploadBrandingImage, useCreateAgent, useSaveBranding, useSaveFeatures, useSavePay } from '../api/save-agent';
import { PAY_TYPE, type PayFields } from '../model/payForm';

const URL_FIELDS = [
  ['customer_url', '在线客服链接'],
  ['app_url', 'App 下载链接'],
  ['h5_url', 'H5 地址'],
] as const;
const IMAGE_FIELDS = [
  ['logo', 'Logo'],
  ['guide_qrcode', '引导二维码'],
  ['official_account_qrcode', '公众号二维码'],
] as const;
export function AgentsPanel() {
  const op = useOperator().data;
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);

  return (
    <Card
      title="代理商"
      extra={
        allows(op, 'agents.create') ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
            新建代理商
          </Button>
        ) : null
      }
    >
      <ListPage<Summary>
        card={false}
        name="代理商"
        {...agentsList()}
        exportUrl={urlOf('adminExportAgents')}
        empty="暂无代理商"
        rowKey="id"
        onRowClick={(r) => setOpen(r.id)}
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 80 },
          { title: '标识', dataIndex: 'mark', width: 140 },
          { title: '名称', dataIndex: 'nickname' },
          { title: '应用名称', dataIndex: 'apply_name' },
          { title: '卡片数', dataIndex: 'card_count', align: 'right', width: 100 },
          { title: '创建时间', dataIndex: 'created_at', width: 190, render: (v: string) => chinaTime(v) },
          {
            title: '操作',
            key: 'op',
            width: 180,
            render: (_v, r) => (
              <Space>
                <Button type="link" onClick={() => setOpen(r.id)}>
                  管理
                </Button>
                <Button
                  type="link"
                  icon={<LinkOutlined />}
                  href={`/login?mark=${encodeURIComponent(r.mark)}`}
                  target="_blank"
                  onClick={(e) => e.stopPropagation()}
                >
                  预览
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {open !== null ? <AgentDrawer id={open} onClose={() => setOpen(null)} /> : null}
      {creating ? <CreateAgent onClose={() => setCreating(false)} onCreated={(id) => setOpen(id)} /> : null}
    </Card>
  );
}

function CreateAgent({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const [form] = Form.useForm<{ mark: string; nickname: string; reason: string }>();
  const m = useCreateAgent((id) => {
    onClose();
    onCreated(id);
  });
  return (
    <Modal
      open
      title="新建代理商"
      okText="新建"
      cancelText="取消"
      onCancel={onClose}
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
    >
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => m.mutate(v)}>
        <Form.Item name="mark" label="代理标识（登录链接 ?mark= 的值）" rules={[zodRule(AgentMark)]}>
          <Input placeholder="如 newco" />
        </Form.Item>
        <Form.Item name="nickname" label="代理名称" rules={[zodRule(BrandingFields.shape.nickname)]}>
          <Input />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={REASON_RULES}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function AgentDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useAgent(id);
  return (
    <Drawer open width={760} onClose={onClose} title={q.data ? `${q.data.branding.nickname}（${q.data.mark}）` : '代理商'} destroyOnHidden>
      {q.isPending ? <Spin /> : null}
      {q.error ? <Result status="error" title={messageOf(q.error)} extra={<Button onClick={() => q.refetch()}>重试</Button>} /> : null}
      {q.data ? (
        <>
          <Typography.Paragraph>
            实时预览：
            <Typography.Link href={q.data.preview_path} target="_blank">
              {q.data.preview_path}
            </Typography.Link>
          </Typography.Paragraph>
          <Tabs
            items={[
              { key: 'brand', label: '品牌', children: <BrandingTab detail={q.data} /> },
              { key: 'pay', label: '支付', children: <PayTab detail={q.data} /> },
              { key: 'features', label: '功能开关', children: <FeaturesTab detail={q.data} /> },
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}

function ImageField({ agentId, value, onChange }: { agentId: number; value?: string; onChange?: (v: string) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setError('');
    setBusy(true);
    try {
      onChange?.(await uploadBrandingImage(agentId, file));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={value} onChange={(e) => onChange?.(e.target.value)} placeholder="https:// 链接，或上传图片" />
        <Upload accept="image/png,image/jpeg,image/webp,image/gif" showUploadList={false} beforeUpload={(f) => (void upload(f), false)}>
          <Button icon={<UploadOutlined />} loading={busy}>
            上传
          </Button>
        </Upload>
      </Space.Compact>
      {value ? <img src={value} alt="" style={{ maxHeight: 64, maxWidth: 160, border: '1px solid #eee' }} /> : null}
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Space>
  );
}

function BrandingTab({ detail }: { detail: Detail }) {
  const [form] = Form.useForm();
  const m = useSaveBranding(detail.id, () => form.setFieldValue('reason', ''));
  const s = BrandingFields.shape;
  return (
    <Form form={form} layout="vertical" initialValues={detail.branding} onFinish={(v) => m.mutate(v)}>
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      <Space size="large" style={{ display: 'flex' }} align="start">
        <Form.Item name="nickname" label="代理名称" rules={[zodRule(s.nickname)]} style={{ width: 330 }}>
          <Input />
        </Form.Item>
        <Form.Item name="apply_name" label="应用名称（页面标题）" rules={[zodRule(s.apply_name)]} style={{ width: 330 }}>
          <Input />
        </Form.Item>
      </Space>
      <Space size="large" style={{ display: 'flex' }} align="start">
        <Form.Item name="enterprise_name" label="公司名称" rules={[zodRule(s.enterprise_name)]} style={{ width: 330 }}>
          <Input />
        </Form.Item>
        <Form.Item name="contact_email" label="联系邮箱" rules={[zodRule(s.contact_email)]} style={{ width: 330 }}>
          <Input />
        </Form.Item>
      </Space>
      <Space size="large" style={{ display: 'flex' }} align="start">
        <Form.Item name="hotline" label="客服电话" rules={[zodRule(s.hotline)]} style={{ width: 330 }}>
          <Input />
        </Form.Item>
        <Form.Item name="service_hours" label="服务时间" rules={[zodRule(s.service_hours)]} style={{ width: 330 }}>
          <Input placeholder="如 每天 9:00-21:00" />
        </Form.Item>
      </Space>
      {URL_FIELDS.map(([name, label]) => (
        <Form.Item key={name} name={name} label={label} rules={[zodRule(s[name])]}>
          <Input placeholder="https://" />
        </Form.Item>
      ))}
      {IMAGE_FIELDS.map(([name, label]) => (
        <Form.Item key={name} name={name} label={label} rules={[zodRule(s[name])]}>
          <ImageField agentId={detail.id} />
        </Form.Item>
      ))}
      <Space size="large" style={{ display: 'flex' }} align="start">
        <Form.Item name="open_type" label="客服打开方式（open_type）" rules={[zodRule(s.open_type)]}>
          <InputNumber min={0} max={9} precision={0} />
        </Form.Item>
        <Form.Item name="open_customer" label="显示悬浮客服按钮" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="reason" label="修改原因" rules={REASON_RULES}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={m.isPending}>
        保存品牌
      </Button>
    </Form>
  );
}

function FeaturesTab({ detail }: { detail: Detail }) {
  const [form] = Form.useForm();
  const m = useSaveFeatures(detail.id);
  return (
    <Form form={form} layout="horizontal" labelCol={{ span: 6 }} initialValues={detail.features} onFinish={(v) => m.mutate(v)}>
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      {(Object.keys(FEATURE_LABEL) as (keyof FeatureSwitches)[]).map((k) => (
        <Form.Item key={k} name={k} label={FEATURE_LABEL[k]} valuePropName="checked">
          <Switch />
        </Form.Item>
      ))}
      <Form.Item name="reason" label="修改原因" rules={REASON_RULES}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={m.isPending}>
        保存功能开关
      </Button>
    </Form>
  );
}

function PayTab({ detail }: { detail: Detail }) {
  const [form] = Form.useForm<PayFields>();
  const m = useSavePay(detail.id);
  const readOnly = !detail.can_edit_pay;
  return (
    <Form
      form={form}
      layout="horizontal"
      labelCol={{ span: 6 }}
      disabled={readOnly}
      initialValues={{ ...detail.pay, ant_credit_min_yuan: toYuan(detail.pay.ant_credit_min_money_fen) }}
      onFinish={(v) => m.mutate(v)}
    >
      {readOnly ? <Alert type="info" showIcon title="支付设置由平台管理员维护，代理管理员只能查看" style={{ marginBottom: 16 }} /> : null}
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      <Form.Item name="wechat_pay" label="微信支付" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="wechat_pay_type" label="微信支付方式">
        <Select options={PAY_TYPE} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="official_pay_type" label="公众号支付方式">
        <Select options={PAY_TYPE} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="ali_pay" label="支付宝" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="ali_pay_type" label="支付宝支付方式">
        <Select options={PAY_TYPE} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="ant_credit_pay" label="花呗分期" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="ant_credit_min_yuan" label="分期最低金额（元）" rules={[{ type: 'number', min: 0, message: '金额不能为负数' }]}>
        <InputNumber min={0} precision={2} style={{ width: 200 }} />
      </Form.Item>
      {readOnly ? null : (
        <>
          <Form.Item name="reason" label="修改原因" rules={REASON_RULES}>
            <Input.TextArea rows={2} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={m.isPending}>
            保存支付设置
          </Button>
        </>
      )}
    </Form>
  );
}
