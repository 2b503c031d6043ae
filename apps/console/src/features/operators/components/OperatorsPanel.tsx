// 操作员: the console's accounts, managed without SQL — 新建 (initial password under the same rule
// as 修改密码), 重置密码 (their logins end), 解锁, 停用/启用, 修改角色. Every change asks for a reason
// and is audited; the server refuses disabling oneself and losing the last platform administrator.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Drawer, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  OperatorDisplayName,
  OperatorNewPassword,
  OperatorUsername,
  TOTP_STATE_LABEL,
  operatorStateOf,
  totpStateOf,
  type OperatorRole,
} from '@portal/contract/admin';
import { tagOf } from '../../../components/columns';
import { messageOf, urlOf } from '../../../lib/api';
import { ListPage } from '../../../components/ListPage';
import { ReasonModal } from '../../../components/ReasonModal';
import { chinaTime } from '../../../lib/format';
import { useOperator } from '../../../lib/session';
import { fieldsSaidWhy, REASON_RULES, zodRule } from '../../../lib/zodRule';
import { operatorsList, useAgentOptions as useAgents, type OperatorRow as Row } from '../api/get-operators';
import { invalidateOperators, runAction, useCreateOperator, type ActionValues, type CreateValues } from '../api/manage-operator';
import { ACTION_NOTE, ACTION_TITLE, isDangerous, OPERATOR_STATES, ROLE_COLOR, ROLE_OPTIONS, type Action } from '../model/actions';

const stateTag = tagOf(OPERATOR_STATES);

/** The agent field, shown (and required) only for an agent administrator. */
function AgentField() {
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

function CreateDrawer({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const m = useCreateOperator((username) => {
    void message.success(`已新建操作员 ${username}`);
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

/** One modal for every row action: what it does, its own fields, and the reason. */
function ActionModal({ row, action, onClose }: { row: Row; action: Action; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  return (
    <ReasonModal<ActionValues>
      title={`${ACTION_TITLE[action]}：${row.display_name}（${row.username}）`}
      okText={`确认${ACTION_TITLE[action]}`}
      danger={isDangerous(action)}
      intro={<Typography.Paragraph type="secondary">{ACTION_NOTE[action]}</Typography.Paragraph>}
      initialValues={action === 'role' ? { role: row.role, agent_id: row.agent?.id } : {}}
      onConfirm={(v) => runAction(row, action, v)}
      onDone={() => {
        void message.success(`已${ACTION_TITLE[action]}：${row.username}`);
        void invalidateOperators(qc);
      }}
      onClose={onClose}
    >
      {action === 'password' ? (
        <Form.Item name="password" label="新密码" required extra="8–64 位，同时包含字母和数字" rules={[zodRule(OperatorNewPassword)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      ) : null}
      {action === 'role' ? (
        <>
          <Form.Item name="role" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
            <Select options={ROLE_OPTIONS} />
          </Form.Item>
          <AgentField />
        </>
      ) : null}
    </ReasonModal>
  );
}

export function OperatorsPanel() {
  const me = useOperator().data;
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ row: Row; action: Action } | null>(null);
  const act = (row: Row, action: Action) => () => setActing({ row, action });
  return (
    <Card
      title="操作员"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          新建操作员
        </Button>
      }
    >
      <ListPage<Row>
        card={false}
        name="操作员"
        {...operatorsList()}
        exportUrl={urlOf('adminExportOperators')}
        empty="还没有操作员"
        rowKey="id"
        table={{ size: 'small', tableLayout: 'auto' }}
        columns={[
          { title: '用户名', dataIndex: 'username', width: 110, ellipsis: true },
          { title: '姓名', dataIndex: 'display_name', width: 110, ellipsis: true },
          {
            title: '角色',
            dataIndex: 'role',
            width: 96,
            render: (r: OperatorRole, row) => <Tag color={ROLE_COLOR[r]}>{row.role_label}</Tag>,
          },
          {
            title: '代理商',
            key: 'agent',
            width: 130,
            ellipsis: true,
            render: (_v, r) => (r.agent ? `${r.agent.name}（${r.agent.mark}）` : '—'),
          },
          {
            title: '状态',
            key: 'state',
            width: 120,
            render: (_v, r) => (
              <Space size={4} wrap>
                {stateTag(operatorStateOf(r.disabled))}
                {r.locked_until ? (
                  <Tag color="orange" title={`锁定至 ${chinaTime(r.locked_until)}`}>
                    已锁定
                  </Tag>
                ) : null}
              </Space>
            ),
          },
          { title: '两步验证', dataIndex: 'totp_enabled', width: 76, render: (v: boolean) => TOTP_STATE_LABEL[totpStateOf(v)] },
          { title: '最近登录', dataIndex: 'last_login_at', width: 150, render: (v: string | null) => chinaTime(v) },
          { title: '创建时间', dataIndex: 'created_at', width: 150, render: (v: string) => chinaTime(v) },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) => (
              <Space size={[8, 0]} wrap>
                <Button type="link" size="small" onClick={act(r, 'password')}>
                  重置密码
                </Button>
                {r.locked_until || r.failed_logins > 0 ? (
                  <Button type="link" size="small" onClick={act(r, 'unlock')}>
                    解锁
                  </Button>
                ) : null}
                {r.disabled ? (
                  <Button type="link" size="small" onClick={act(r, 'enable')}>
                    启用
                  </Button>
                ) : r.id !== me?.id ? (
                  <Button type="link" size="small" danger onClick={act(r, 'disable')}>
                    停用
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={act(r, 'role')}>
                  修改角色
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {creating ? <CreateDrawer onClose={() => setCreating(false)} /> : null}
      {acting ? <ActionModal row={acting.row} action={acting.action} onClose={() => setActing(null)} /> : null}
    </Card>
  );
}
