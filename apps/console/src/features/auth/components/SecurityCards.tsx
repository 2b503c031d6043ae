// 账号安全: change own password; turn the TOTP second factor on (secret and otpauth link, then a
// code to confirm) or off (with the password).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, Input, Space, Tag, Typography } from 'antd';
import { TOTP_STATE_LABEL, type AdminAnswerOf } from '@portal/contract/admin';
import { messageOf } from '../../../lib/api';
import { useOperator } from '../../../lib/session';
import { changePassword, confirmTotp, disableTotp, enrolTotp, setSession } from '../api/security';

export function SecurityCards() {
  const { data: op } = useOperator();
  if (!op) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
      <PasswordCard />
      <TotpCard enabled={op.totp_enabled} />
    </Space>
  );
}

function PasswordCard() {
  const [form] = Form.useForm();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  const submit = async (v: { old_password: string; new_password: string }) => {
    setError('');
    setBusy(true);
    try {
      await changePassword(v);
      form.resetFields();
      message.success('密码已修改，其他设备上的登录已退出');
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="修改密码">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 360 }}>
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label="新密码"
          extra="至少 8 位，需同时包含字母和数字"
          rules={[
            { required: true, message: '请输入新密码' },
            { min: 8, message: '新密码至少 8 位' },
            { pattern: /(?=.*[A-Za-z])(?=.*\d)/, message: '新密码需同时包含字母和数字' },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认新密码"
          dependencies={['new_password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_r, v) =>
                v === getFieldValue('new_password') ? Promise.resolve() : Promise.reject(new Error('两次输入的新密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          修改密码
        </Button>
      </Form>
    </Card>
  );
}

function TotpCard({ enabled }: { enabled: boolean }) {
  const [enrol, setEnrol] = useState<AdminAnswerOf<'adminTotpEnrol'> | null>(null);
  const [error, setError] = useState('');
  // one request at a time: the buttons wait while it is on its way
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const { message } = App.useApp();

  const run = async <T,>(f: () => Promise<T>): Promise<T | undefined> => {
    setError('');
    setBusy(true);
    try {
      return await f();
    } catch (err) {
      setError(messageOf(err));
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const start = async () => {
    const res = await run(enrolTotp);
    if (res) setEnrol(res);
  };
  const confirm = async (v: { code: string }) => {
    const op = await run(() => confirmTotp(v.code));
    if (op) {
      setSession(queryClient, op);
      setEnrol(null);
      message.success('两步验证已开启，下次登录需输入动态验证码');
    }
  };
  const disable = async (v: { password: string }) => {
    const op = await run(() => disableTotp(v.password));
    if (op) {
      setSession(queryClient, op);
      message.success('两步验证已关闭');
    }
  };

  return (
    <Card
      title={
        <Space>
          两步验证（动态验证码）
          {enabled ? <Tag color="green">{TOTP_STATE_LABEL.on}</Tag> : <Tag>{TOTP_STATE_LABEL.off}</Tag>}
        </Space>
      }
    >
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
      {enabled ? (
        <Form layout="vertical" onFinish={disable} style={{ maxWidth: 360 }}>
          <Typography.Paragraph>登录时除密码外还需输入身份验证器 App 中的 6 位动态验证码。关闭需验证登录密码。</Typography.Paragraph>
          <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button danger htmlType="submit" loading={busy}>
            关闭两步验证
          </Button>
        </Form>
      ) : enrol ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph>
            在身份验证器 App（如 Google Authenticator、Microsoft Authenticator）中添加账号：手动输入下面的密钥，或打开 otpauth
            链接。然后输入 App 显示的 6 位数字完成开启。
          </Typography.Paragraph>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="密钥">
              <Typography.Text code copyable data-testid="totp-secret">
                {enrol.secret}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="otpauth 链接">
              <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                {enrol.uri}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Form layout="inline" onFinish={confirm}>
            <Form.Item
              name="code"
              label="动态验证码"
              rules={[
                { required: true, message: '请输入动态验证码' },
                { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
              ]}
            >
              <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" style={{ width: 140 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              确认开启
            </Button>
          </Form>
        </Space>
      ) : (
        <Space direction="vertical">
          <Typography.Paragraph style={{ margin: 0 }}>
            开启后，登录时除密码外还需输入身份验证器 App 中的动态验证码，账号更安全。
          </Typography.Paragraph>
          <Button type="primary" onClick={start} loading={busy}>
            开启两步验证
          </Button>
        </Space>
      )}
    </Card>
  );
}
