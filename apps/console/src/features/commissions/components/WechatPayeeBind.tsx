// 微信扫码绑定收款 (docs/decisions/0067-agents-in-levels.md): the payee's openid is never typed. The
// agent's administrator names the payee and gives the SMS code; the console shows the official
// account's web-login link as a QR code; the payee scans it with their own WeChat and the account on
// file becomes 微信零钱 to their openid. The console asks every 2 seconds until it is bound or expires.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, QRCode, Result, Space, Typography } from 'antd';
import { messageOf } from '../../../lib/api';
import { chinaTime } from '../../../lib/format';
import { queryKeys } from '../../../lib/queryKeys';
import { invalidateCommissions, payeeBindingStatus, sendAccountCode, startPayeeBinding } from '../api/changes';
import type { CommissionAgent } from '../api/getAgents';
import { SmsCodeField } from './SmsCodeField';

export function WechatPayeeModal({ agent, onClose }: { agent: CommissionAgent; onClose: () => void }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ payee: string; sms_code: string }>();
  const [sent, setSent] = useState<string | null>(null);
  const send = useMutation({ mutationFn: () => sendAccountCode(agent.agent_id), onSuccess: (a) => setSent(a.mobile) });
  const start = useMutation({
    mutationFn: (v: { payee: string; sms_code: string }) => startPayeeBinding(agent.agent_id, v.payee, v.sms_code),
  });
  const link = start.data;
  const status = useQuery({
    queryKey: queryKeys.commissions.payeeBinding(link?.token ?? ''),
    queryFn: () => payeeBindingStatus(link!.token),
    enabled: !!link,
    refetchInterval: (q) => (q.state.data && q.state.data.state !== 'waiting' ? false : 2000),
  });
  const state = status.data?.state ?? 'waiting';
  const done = () => {
    if (state === 'bound') {
      void message.success('微信收款账户已绑定');
      void invalidateCommissions(qc);
    }
    onClose();
  };
  return (
    <Modal
      open
      title="微信扫码绑定收款账户"
      onCancel={done}
      footer={link ? <Button onClick={done}>{state === 'bound' ? '完成' : '关闭'}</Button> : undefined}
      okText="生成二维码"
      cancelText="取消"
      onOk={() => form.submit()}
      confirmLoading={start.isPending}
      width={480}
    >
      {!link ? (
        <>
          <Typography.Paragraph type="secondary">
            微信零钱收款账户不需填写 openid：验证短信后生成二维码，由收款人本人用微信扫码，即绑定其微信为佣金收款账户。绑定记入审计日志。
          </Typography.Paragraph>
          {start.error ? <Alert type="error" showIcon title={messageOf(start.error)} style={{ marginBottom: 12 }} /> : null}
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) => start.mutate(v)}
            initialValues={{ payee: agent.payee }}
            // a refusal (验证码错误) answered what was sent: typing again clears it
            onValuesChange={() => start.error && start.reset()}
          >
            <Form.Item
              name="payee"
              label="收款人姓名（须与其微信实名一致）"
              rules={[{ required: true, min: 2, max: 40, whitespace: true, message: '收款人姓名须为 2–40 个字' }]}
            >
              <Input maxLength={40} />
            </Form.Item>
            <SmsCodeField send={send} sent={sent} />
          </Form>
        </>
      ) : state === 'bound' ? (
        <Result
          status="success"
          title="绑定成功"
          subTitle={`收款账户：微信零钱 · ${status.data?.figures?.payee ?? ''} · ${status.data?.figures?.payout_account ?? ''}`}
        />
      ) : state === 'expired' ? (
        <Result status="warning" title="二维码已过期" subTitle="请关闭后重新生成" />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%', alignItems: 'center' }}>
          <Typography.Text>请收款人用其本人的微信扫描下方二维码（{chinaTime(link.expires_at)} 前有效）</Typography.Text>
          <QRCode value={link.url} size={220} bordered={false} />
          <Typography.Text type="secondary" data-testid="payee-bind-waiting">
            等待扫码…
          </Typography.Text>
        </Space>
      )}
    </Modal>
  );
}
