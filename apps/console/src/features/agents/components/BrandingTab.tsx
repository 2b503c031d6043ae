// 品牌: the agent's names, contacts, links and images under the contract's field rules (an unsafe link is refused at its field).
import { useState } from 'react';
import { Alert, Button, Form, Input, Select, Space, Switch, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { BrandingFields } from '@portal/contract/admin';
import { messageOf } from '../../../lib/api';
import { REASON_RULES, zodRule } from '../../../lib/zodRule';
import type { AgentDetail as Detail } from '../api/getAgents';
import { useSaveBranding } from '../api/saveBranding';
import { uploadBrandingImage } from '../api/uploadBrandingImage';
import { OPEN_TYPE } from '../model/brandingForm';

const URL_FIELDS = [
  ['customer_url', '在线客服链接'],
  ['app_url', 'App 下载链接（Android）'],
  ['ios_url', 'App 下载链接（iPhone）'],
  ['h5_url', 'H5 地址'],
] as const;
const IMAGE_FIELDS = [
  ['logo', 'Logo'],
  ['guide_qrcode', '引导二维码'],
  ['official_account_qrcode', '公众号二维码'],
] as const;

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

export function BrandingTab({ detail }: { detail: Detail }) {
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
        <Form.Item name="open_type" label="在线客服打开方式" rules={[zodRule(s.open_type)]}>
          <Select options={OPEN_TYPE} style={{ width: 460 }} />
        </Form.Item>
        <Form.Item name="open_customer" label="显示悬浮客服按钮（及在线咨询入口）" valuePropName="checked">
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
