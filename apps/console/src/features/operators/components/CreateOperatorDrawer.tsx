// 新建操作员: username, name, role (and agent), an initial password under the same rule as 修改密码, a reason.
import { Alert, App, Button, Drawer, Form, Input, Select, Space } from 'antd';
import { OperatorDisplayName, OperatorNewPassword, OperatorUsername } from '@portal/contract/admin';
import { messageOf } from '../../../lib/api';
import { sayHeld } from '../../../lib/heldForApproval';
import { fieldsSaidWhy, REASON_RULES, zodRule } from '../../../lib/zodRule';
import { useCreateOperator, type CreateValues } from '../api/createOperator';
import { ROLE_OPTIONS } from '../model/actions';
import { AgentField } from './AgentField';

export function CreateOperatorDrawer({ onClose }: { onClose: () => void }) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const m = useCreateOperator((answer) => {
    // a new platform administrator waits for a second one (docs/decisions/0056)
    if (!sayHeld(modal, answer) && 'username' in answer) void message.success(`已新建操作员 ${answer.username}`);
    onClose();
  });
  return (
    <Drawer
      open
      title="新建操作员"
      size={480}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={m.isPending} onClick={() => form.validateFields().then((v) => m.mutate(v), fieldsSaidWhy)}>
            创建
          </Button>
        </Space>
      }
    >
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" initialValues={{ role: 'support' }} autoComplete="off">
        <Form.Item
          name="username"
          label="用户名"
          required
          extra="3–32 位小写字母、数字或 _ . -，登录时使用"
          rules={[zodRule(OperatorUsername)]}
        >
          <Input placeholder="如 zhang.san" autoComplete="off" />
        </Form.Item>
        <Form.Item name="display_name" label="姓名" required rules={[zodRule(OperatorDisplayName)]}>
          <Input placeholder="如 张三" />
        </Form.Item>
        <Form.Item name="role" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Select options={ROLE_OPTIONS} />
        </Form.Item>
        <AgentField />
        <Form.Item name="password" label="初始密码" required extra="8–64 位，同时包含字母和数字" rules={[zodRule(OperatorNewPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认初始密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入初始密码' },
            ({ getFieldValue }) => ({
              validator: async (_r, v: string) => {
                if (v && v !== getFieldValue('password')) throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={REASON_RULES}>
          <Input.TextArea rows={2} maxLength={200} showCount placeholder="如：新员工入职" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
