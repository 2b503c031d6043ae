// 代理商: the agents (an agent administrator: their own and the sub-agents below it, by level), and an
// agent's 品牌 / 支付 / 功能开关 / 分成与成本价 in a drawer; 新建下级代理 (docs/decisions/0067). Field rules are the contract's (BrandingFields): an unsafe link is refused at its field
// before the server refuses it too. 预览 opens the portal's login page branded by this agent.
import { useState } from 'react';
import { Button, Card, Space, Tag, Typography } from 'antd';
import { ApartmentOutlined, LinkOutlined, PlusOutlined } from '@ant-design/icons';
import { urlOf } from '../../../lib/api';
import { ListPage } from '../../../components/ListPage';
import { allows, useOperator } from '../../../lib/session';
import { chinaTime } from '../../../lib/format';
import { agentsList, type AgentSummary as Summary } from '../api/getAgents';
import { AgentDrawer } from './AgentDrawer';
import { CreateAgent } from './CreateAgent';
import { CreateSubAgent } from './CreateSubAgent';
import { levelName, mayHaveSubAgents } from '../../../lib/agentLevels';
import { useAgents } from '../../../lib/selectOptions';
import * as admin from '@portal/contract/routes/admin';

export function AgentsPanel() {
  const op = useOperator().data;
  const [open, setOpen] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  // null: closed; 0: no parent chosen yet; else the parent
  const [creatingSub, setCreatingSub] = useState<number | null>(null);
  const all = useAgents();
  const agents = all.data?.items ?? [];
  const nameOf = (id: number | null) => (id === null ? '' : (agents.find((a) => a.id === id)?.nickname ?? `#${id}`));
  const maySub = allows(op, 'agents.subAgents') && agents.some((a) => mayHaveSubAgents(a.level));

  return (
    <Card
      title="代理商"
      extra={
        <Space>
          {maySub ? (
            <Button icon={<ApartmentOutlined />} onClick={() => setCreatingSub(0)}>
              新建下级代理
            </Button>
          ) : null}
          {allows(op, 'agents.create') ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              新建代理商
            </Button>
          ) : null}
        </Space>
      }
    >
      <ListPage<Summary>
        card={false}
        name="代理商"
        {...agentsList()}
        exportUrl={urlOf(admin.adminExportAgents)}
        empty="暂无代理商"
        rowKey="id"
        onRowClick={(r) => setOpen(r.id)}
        table={{ size: 'middle', tableLayout: 'fixed' }}
        columns={[
          // at 1440 px (≈1080 px of table) the fixed columns leave 名称 about 240 px: the name on one
          // line, its 应用名称 (the portal's title) below it in grey — a column of its own squeezed both
          { title: '编号', dataIndex: 'id', width: 64 },
          { title: '标识', dataIndex: 'mark', width: 120, ellipsis: true },
          {
            title: '名称',
            dataIndex: 'nickname',
            ellipsis: true,
            render: (v: string, r) => (
              <>
                <div style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{v}</div>
                {r.apply_name && r.apply_name !== v ? (
                  <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                    {r.apply_name}
                  </Typography.Text>
                ) : null}
              </>
            ),
          },
          {
            title: '级别',
            dataIndex: 'level',
            width: 80,
            render: (v: number) => <Tag color={v === 1 ? 'blue' : v === 2 ? 'cyan' : 'green'}>{levelName(v)}</Tag>,
          },
          {
            title: '上级',
            dataIndex: 'parent_id',
            width: 130,
            ellipsis: true,
            render: (v: number | null) => (v === null ? '平台' : nameOf(v)),
          },
          { title: '卡片数', dataIndex: 'card_count', align: 'right', width: 80 },
          { title: '创建时间', dataIndex: 'created_at', width: 170, render: (v: string) => chinaTime(v) },
          {
            title: '操作',
            key: 'op',
            width: 210,
            render: (_v, r) => (
              <Space size={0}>
                <Button size="small" type="link" onClick={() => setOpen(r.id)}>
                  管理
                </Button>
                {allows(op, 'agents.subAgents') && mayHaveSubAgents(r.level) ? (
                  <Button
                    size="small"
                    type="link"
                    onClick={(e) => {
                      e.stopPropagation();
                      setCreatingSub(r.id);
                    }}
                  >
                    新建下级
                  </Button>
                ) : null}
                <Button
                  size="small"
                  type="link"
                  icon={<LinkOutlined />}
                  href={`/login?mark=${encodeURIComponent(r.mark)}`}
                  target="_blank"
                  onClick={(e) => e.stopPropagation()}
                >
                  预览
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {open !== null ? <AgentDrawer id={open} onClose={() => setOpen(null)} /> : null}
      {creating ? <CreateAgent onClose={() => setCreating(false)} onCreated={(id) => setOpen(id)} /> : null}
      {creatingSub !== null ? (
        <CreateSubAgent
          agents={agents}
          parentId={creatingSub || null}
          onClose={() => setCreatingSub(null)}
          onCreated={(id) => setOpen(id)}
        />
      ) : null}
    </Card>
  );
}
