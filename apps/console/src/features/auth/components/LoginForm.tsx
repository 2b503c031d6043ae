// 登录: username and password; 动态验证码 when the account has the second factor on. The server's
// Chinese message (wrong password with the attempts left, the lockout with its minutes) shows above the form.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { messageOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { login } from '../api/login';

interface Fields {
  username: string;
  password: string;
  totp?: string;
}

export function LoginForm() {
  const [form] = Form.useForm<Fields>();
  const [error, setError] = useState('');
  const [needTotp, setNeedTotp] = useState(false);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();

  const submit = async (v: Fields) => {
    setBusy(true);
    setError('');
    try {
      const res = await login({ username: v.username, password: v.password, totp: needTotp ? v.totp : undefined });
      if (res.status === 'totp_required') {
        setNeedTotp(true);
        return;
      }
      queryClient.setQueryData(queryKeys.session, res.operator);
      const from = (location.state as { from?: string } | null)?.from;
      navigate(from && from !== '/login' ? from : '/dashboard', { replace: true });
    } catch (err) {
      setError(messageOf(err));
      if (needTotp) form.setFieldValue('totp', '');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 400 }}>
        <Typography.Title level={3} style={{ textAlign: 'center', marginBottom: 24 }}>
          流量卡运营后台
        </Typography.Title>
        {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} size="large">
          <Form.Item name="username" label="用户名" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
          </Form.Item>
          {needTotp ? (
            <Form.Item
              name="totp"
              label="动态验证码"
              extra="请输入身份验证器 App 中显示的 6 位数字"
              rules={[
                { required: true, message: '请输入动态验证码' },
                { pattern: /^\d{6}$/, message: '动态验证码为 6 位数字' },
              ]}
            >
              <Input prefix={<SafetyOutlined />} inputMode="numeric" maxLength={6} autoComplete="one-time-code" autoFocus />
            </Form.Item>
          ) : null}
          <Button type="primary" htmlType="submit" block loading={busy}>
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
