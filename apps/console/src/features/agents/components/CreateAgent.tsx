// 新建代理商: the mark (the portal's ?mark=) and the name under the contract's rules, and a reason.
import { Alert, Form, Input, Modal } from 'antd';
import { AgentMark, BrandingFields } from '@portal/contract/admin';
import { messageOf } from '../../../lib/api';
import { REASON_RULES, zodRule } from '../../../lib/zodRule';
import { useCreateAgent } from '../api/createAgent';

export function CreateAgent({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
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
