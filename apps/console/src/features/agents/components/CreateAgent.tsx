// 新建代理商: the mark (the portal's ?mark=) and the name under the contract's rules, and a reason.
import { Form, Input } from 'antd';
import { AgentFields } from '../../../components/AgentFields';
import { NewAgentModal } from './NewAgentModal';
import { REASON_RULES } from '../../../lib/zodRule';
import { useCreateAgent } from '../api/createAgent';

export function CreateAgent({ onClose, onCreated }: { onClose: () => void; onCreated: (id: number) => void }) {
  const [form] = Form.useForm<{ mark: string; nickname: string; reason: string }>();
  const m = useCreateAgent((id) => {
    onClose();
    onCreated(id);
  });
  return (
    <NewAgentModal title="新建代理商" saving={m} onClose={onClose} onOk={() => form.submit()}>
      <Form form={form} layout="vertical" onFinish={(v) => m.mutate(v)}>
        <AgentFields markExample="newco" />
        <Form.Item name="reason" label="原因" rules={REASON_RULES}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </NewAgentModal>
  );
}
