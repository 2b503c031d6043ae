// One modal for every row action of 操作员: what it does, its own fields, and the reason.
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Select, Typography } from 'antd';
import { OperatorNewPassword } from '@portal/contract/admin';
import { ReasonModal } from '../../../components/ReasonModal';
import { sayHeld } from '../../../lib/heldForApproval';
import { zodRule } from '../../../lib/zodRule';
import type { OperatorRow as Row } from '../api/getOperators';
import { invalidateOperators } from '../api/getOperators';
import { runOperatorAction, type ActionValues } from '../api/runOperatorAction';
import { ACTION_NOTE, ACTION_TITLE, isDangerous, ROLE_OPTIONS, type Action } from '../model/actions';
import { AgentField } from './AgentField';

/** One modal for every row action: what it does, its own fields, and the reason. */
export function OperatorActionModal({ row, action, onClose }: { row: Row; action: Action; onClose: () => void }) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  return (
    <ReasonModal<ActionValues>
      title={`${ACTION_TITLE[action]}：${row.display_name}（${row.username}）`}
      okText={`确认${ACTION_TITLE[action]}`}
      danger={isDangerous(action)}
      intro={<Typography.Paragraph type="secondary">{ACTION_NOTE[action]}</Typography.Paragraph>}
      initialValues={action === 'role' ? { role: row.role, agent_id: row.agent?.id } : {}}
      onConfirm={(v) => runOperatorAction(row, action, v)}
      onDone={(a) => {
        // a platform administrator's password or second factor and any role change wait for a second platform administrator
        if (!sayHeld(modal, a)) void message.success(`已${ACTION_TITLE[action]}：${row.username}`);
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
