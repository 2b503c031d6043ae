// 新建下级代理 (docs/decisions/0067-agents-in-levels.md): under an agent of the operator's subtree (at
// most three levels), the share of the parent's margin it keeps where no cost per package is set,
// and — usually — its administrator's login at once. Branding and payment start as the parent's.
import { Form, Input, Select, Typography } from 'antd';
import { NewAgentModal } from './NewAgentModal';
import { REASON_RULES } from '../../../lib/zodRule';
import { useCreateSubAgent } from '../api/subAgents';
import type { AgentSummary } from '../api/getAgents';
import { levelName, mayHaveSubAgents } from '../../../lib/agentLevels';
import { SUB_AGENT_DEFAULTS, AgentFields, newSubAgentOf, type SubAgentFieldValues } from '../../../components/AgentFields';

interface Fields extends SubAgentFieldValues {
  parent_id: number;
  reason: string;
}

export function CreateSubAgent({
  agents,
  parentId,
  onClose,
  onCreated,
}: {
  agents: readonly AgentSummary[];
  parentId: number | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const [form] = Form.useForm<Fields>();
  const withAdmin = Form.useWatch('with_admin', form) ?? true;
  const parents = agents.filter((a) => mayHaveSubAgents(a.level));
  const m = useCreateSubAgent((id) => {
    onClose();
    onCreated(id);
  });
  const submit = (v: Fields) => m.mutate({ parent_id: v.parent_id, ...newSubAgentOf(v), reason: v.reason });
  return (
    <NewAgentModal title="新建下级代理" saving={m} onClose={onClose} onOk={() => form.submit()}>
      <Typography.Paragraph type="secondary">
        代理最多三级：总代理 → 代理 → 分销。下级代理沿用上级的品牌与支付设置，可售上级的套餐；每笔订单按各级成本价逐级分佣。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ parent_id: parentId ?? parents[0]?.id, ...SUB_AGENT_DEFAULTS }}
      >
        <Form.Item name="parent_id" label="上级代理" rules={[{ required: true, message: '请选择上级代理' }]}>
          <Select
            options={parents.map((a) => ({ value: a.id, label: `${a.nickname}（${levelName(a.level)} · ${a.mark}）` }))}
            notFoundContent="没有可发展下级的代理（分销已是最末一级）"
          />
        </Form.Item>
        <AgentFields markExample="shenzhen01" sub={{ withAdmin }} />
        <Form.Item name="reason" label="原因" rules={REASON_RULES}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </NewAgentModal>
  );
}
