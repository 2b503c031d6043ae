// An agent's fields (docs/decisions/0067-agents-in-levels.md): its mark and name — all 新建代理商 asks —
// and, for a sub-agent, the share of the parent's margin it keeps and, usually, its administrator's
// login. 新建代理商, 新建下级代理 and approving an /agent application ask them through this one
// component; the server writes both sub-agent forms through one writer.
import { Checkbox, Form, Input, InputNumber } from 'antd';
import type { NewSubAgent } from '@portal/contract/admin';
import { AgentMark, BrandingFields } from '@portal/contract/admin';
import { zodRule } from '../lib/zodRule';
import { percentToBp } from '../lib/agentLevels';

export interface SubAgentFieldValues {
  mark: string;
  nickname: string;
  share_percent: number;
  with_admin: boolean;
  username?: string;
  display_name?: string;
  password?: string;
}

export const SUB_AGENT_DEFAULTS = { share_percent: 70, with_admin: true } as const;

/** The body's part the fields fill. */
export const newSubAgentOf = (v: SubAgentFieldValues): NewSubAgent => ({
  mark: v.mark,
  nickname: v.nickname,
  share_bp: percentToBp(v.share_percent),
  admin: v.with_admin ? { username: v.username!, display_name: v.display_name!, password: v.password! } : null,
});

/**
 * The fields, inside the caller's Form. `sub`: a sub-agent's, with its share and (when the caller's
 * Form watches `with_admin` true) its administrator's login; absent: a top agent's mark and name only.
 */
export function AgentFields({ markExample, sub }: { markExample: string; sub?: { withAdmin: boolean } }) {
  return (
    <>
      <Form.Item name="mark" label="代理标识（登录链接 ?mark= 的值）" rules={[zodRule(AgentMark)]}>
        <Input placeholder={`如 ${markExample}`} />
      </Form.Item>
      <Form.Item name="nickname" label="代理名称" rules={[zodRule(BrandingFields.shape.nickname)]}>
        <Input />
      </Form.Item>
      {sub ? <SubAgentTerms withAdmin={sub.withAdmin} /> : null}
    </>
  );
}

function SubAgentTerms({ withAdmin }: { withAdmin: boolean }) {
  return (
    <>
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
    </>
  );
}
