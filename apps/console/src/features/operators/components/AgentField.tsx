// 所属代理商: shown (and required) only while the role is 代理管理员.
import { Form, Select } from 'antd';
import { useAgentOptions as useAgents } from '../api/getOperators';

/** The agent field, shown (and required) only for an agent administrator. */
export function AgentField() {
  const agents = useAgents();
  return (
    <Form.Item noStyle shouldUpdate={(a, b) => a.role !== b.role}>
      {({ getFieldValue }) =>
        getFieldValue('role') === 'agent_admin' ? (
          <Form.Item name="agent_id" label="所属代理商" rules={[{ required: true, message: '代理管理员须选择所属代理商' }]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="选择代理商"
              loading={agents.isPending}
              options={(agents.data?.items ?? []).map((a) => ({ value: a.id, label: `${a.nickname}（${a.mark}）` }))}
            />
          </Form.Item>
        ) : null
      }
    </Form.Item>
  );
}
