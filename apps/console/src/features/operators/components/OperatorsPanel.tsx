// 操作员: the console's accounts, managed without SQL — 新建 (initial password under the same rule
// as 修改密码), 重置密码 (their logins end), 解锁, 停用/启用, 修改角色. Every change asks for a reason
// and is audited; the server refuses disabling oneself and losing the last platform administrator.
import { useState } from 'react';
import { Button, Card, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { TOTP_STATE_LABEL, operatorStateOf, totpStateOf, type OperatorRole } from '@portal/contract/admin';
import { tagOf } from '../../../components/columns';
import { urlOf } from '../../../lib/api';
import { ListPage } from '../../../components/ListPage';
import { chinaTime } from '../../../lib/format';
import { useOperator } from '../../../lib/session';
import { operatorsList, type OperatorRow as Row } from '../api/getOperators';
import { OPERATOR_STATES, ROLE_COLOR, type Action } from '../model/actions';
import { CreateOperatorDrawer } from './CreateOperatorDrawer';
import { OperatorActionModal } from './OperatorActionModal';
import * as admin from '@portal/contract/routes/admin';

const stateTag = tagOf(OPERATOR_STATES);

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
        exportUrl={urlOf(admin.adminExportOperators)}
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
                {/* one's own is turned off in 账号设置 with one's password */}
                {r.totp_enabled && r.id !== me?.id ? (
                  <Button type="link" size="small" danger onClick={act(r, 'totp')}>
                    重置两步验证
                  </Button>
                ) : null}
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
      {creating ? <CreateOperatorDrawer onClose={() => setCreating(false)} /> : null}
      {acting ? <OperatorActionModal row={acting.row} action={acting.action} onClose={() => setActing(null)} /> : null}
    </Card>
  );
}
