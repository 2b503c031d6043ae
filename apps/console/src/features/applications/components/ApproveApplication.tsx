// 通过 an /agent application: the applicant becomes a sub-agent of the agent it applied through
// (docs/decisions/0067-agents-in-levels.md) — the same fields and the same server writer as 新建下级代理.
// Under a 分销 (the last level) the approval cannot make one: said before sending, and the server
// refuses it too.
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Modal, Typography } from 'antd';
import { messageOf } from '../../../lib/api';
import { useAgents } from '../../../lib/selectOptions';
import { SUB_AGENT_DEFAULTS, AgentFields, newSubAgentOf, type SubAgentFieldValues } from '../../../components/AgentFields';
import { levelName, mayHaveSubAgents } from '../../../lib/agentLevels';
import { approve } from '../api/decideApplication';
import type { Application } from '../api/getApplications';

export function ApproveApplication({
  application: a,
  onClose,
  onDone,
}: {
  application: Application;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<SubAgentFieldValues>();
  const withAdmin = Form.useWatch('with_admin', form) ?? true;
  const inviter = useAgents().data?.items.find((x) => x.id === a.agent_id);
  const m = useMutation({ mutationFn: (v: SubAgentFieldValues) => approve(a.id, newSubAgentOf(v)), onSuccess: onDone });
  const tooDeep = inviter ? !mayHaveSubAgents(inviter.level) : false;
  return (
    <Modal
      open
      title={`通过代理申请：${a.name}`}
      okText="通过并新建代理"
      cancelText="取消"
      onCancel={onClose}
      confirmLoading={m.isPending}
      okButtonProps={{ disabled: tooDeep }}
      onOk={() => form.submit()}
    >
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      {tooDeep ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`申请人经 ${inviter!.nickname}（${levelName(inviter!.level)}）申请；代理最多三级，分销不能再发展下级。请驳回并说明原因。`}
        />
      ) : null}
      <Typography.Paragraph type="secondary">
        通过后，申请人成为{inviter ? ` ${inviter.nickname}（${levelName(inviter.level)}）` : '邀请代理'}
        的下级代理：沿用其品牌与支付设置，可售其套餐；每笔订单按各级成本价逐级分佣。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => m.mutate(v)}
        initialValues={{ ...SUB_AGENT_DEFAULTS, nickname: a.name, display_name: a.name }}
      >
        <AgentFields markExample="shenzhen01" sub={{ withAdmin }} />
      </Form>
    </Modal>
  );
}
