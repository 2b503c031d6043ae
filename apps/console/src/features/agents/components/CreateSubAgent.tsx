// 新建下级代理 (docs/decisions/0067-agents-in-levels.md): under an agent of the operator's subtree (at
// most three levels), the share of the parent's margin it keeps where no cost per package is set,
// and — usually — its administrator's login at once. Branding and payment start as the parent's.
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { AgentMark, BrandingFields } from '@portal/contract/admin';
import { messageOf } from '../../../lib/api';
import { REASON_RULES, zodRule } from '../../../lib/zodRule';
import { useCreateSubAgent } from '../api/subAgents';
import type { AgentSummary } from '../api/getAgents';
import { levelName, mayHaveSubAgents, percentToBp } from '../model/levels';

interface Fields {
  parent_id: number;
  mark: string;
  nickname: string;
  share_percent: number;
  with_admin: boolean;
  username?: string;
  display_name?: string;
  password?: string;
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
  const submit = (v: Fields) =>
    m.mutate({
      parent_id: v.parent_id,
      mark: v.mark,
      nickname: v.nickname,
      share_bp: percentToBp(v.share_percent),
      admin: v.with_admin ? { username: v.username!, display_name: v.display_name!, password: v.password! } : null,
      reason: v.reason,
    });
  return (
    <Modal
      open
      title="新建下级代理"
      okText="新建"
      cancelText="取消"
      onCancel={onClose}
      confirmLoading={m.isPending}
      onOk={() => form.submit()}
    >
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">
        代理最多三级：总代理 → 代理 → 分销。下级代理沿用上级的品牌与支付设置，可售上级的套餐；每笔订单按各级成本价逐级分佣。
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ parent_id: parentId ?? parents[0]?.id, share_percent: 70, with_admin: true }}
      >
        <Form.Item name="parent_id" label="上级代理" rules={[{ required: true, message: '请选择上级代理' }]}>
          <Select
            options={parents.map((a) => ({ value: a.id, label: `${a.nickname}（${levelName(a.level)} · ${a.mark}）` }))}
            notFoundContent="没有可发展下级的代理（分销已是最末一级）"
          />
        </Form.Item>
        <Form.Item name="mark" label="代理标识（登录链接 ?mark= 的值）" rules={[zodRule(AgentMark)]}>
          <Input placeholder="如 shenzhen01" />
        </Form.Item>
        <Form.Item name="nickname" label="代理名称" rules={[zodRule(BrandingFields.shape.nickname)]}>
          <Input />
        </Form.Item>
        <Form.Item
          name="share_percent"
          label="下级分成比例（未单独设成本价的套餐，下级得上级毛利的这一比例）"
          rules={[{ required: true, message: '请填写分成比例' }]}
          extra="例：上级成本 30 元、零售 50 元、比例 70%，下级成本为 36 元，下级每单得 14 元、上级得 6 元。创建后可在「分成与成本价」中逐个套餐设定成本价。"
        >
          <InputNumber min={0} max={100} precision={2} addonAfter="%" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="with_admin" valuePropName="checked">
          <Checkbox>同时创建该代理的管理员账号</Checkbox>
        </Form.Item>
        {withAdmin ? (
          <>
            <Form.Item name="username" label="管理员用户名" rules={[{ required: true, message: '请输入用户名' }]}>
              <Input autoComplete="off" placeholder="3–32 位小写字母、数字或 _ . -" />
            </Form.Item>
            <Form.Item name="display_name" label="管理员姓名" rules={[{ required: true, message: '请输入姓名' }]}>
              <Input />
            </Form.Item>
            <Form.Item name="password" label="初始密码" rules={[{ required: true, message: '请输入初始密码' }]}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="reason" label="原因" rules={REASON_RULES}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
