// 运营商账号, the fleet view (docs/decisions/0065): the reseller's accounts on the carriers' platforms
// with each one's health — its state in words (密钥被拒, 暂停调用 with when it is tried next in Beijing
// time, 同步失败, 尚未同步 …) and what to do, its cards, the last complete round (cards read and
// failed), the cards whose figures are older than 2 hours, the error rate, the calls a second it is
// kept to — and 新建, 编辑 (accounts added here),
// 测试连接, 停用/启用 with a reason. Secrets are never shown: a set one reads 已设置.
import { useState } from 'react';
import { App, Button, Card, Space, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { carrierAccountStateOf, CARRIER_STALE_HOURS } from '@portal/contract/admin';
import { tagOf } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { messageOf } from '../../../lib/api';
import { carrierAccountsList, useCarrierKinds, type CarrierAccount as Row } from '../api/getCarrierAccounts';
import { useTestConnection } from '../api/testConnection';
import { ACCOUNT_STATES, HEALTH_STATES, errorRateText, limitText, roundText } from '../model/accountForm';
import { CarrierAccountModal } from './CarrierAccountModal';
import { EnableModal } from './EnableModal';

const stateTag = tagOf(ACCOUNT_STATES);
const healthTag = tagOf(HEALTH_STATES);

export function CarrierAccountsPanel() {
  const { message } = App.useApp();
  const kinds = useCarrierKinds();
  const test = useTestConnection();
  const [editing, setEditing] = useState<{ account: Row | null } | null>(null);
  const [toggling, setToggling] = useState<Row | null>(null);
  const [testing, setTesting] = useState<number | null>(null);

  const testRow = (row: Row) => {
    setTesting(row.id);
    test.mutate(
      { id: row.id },
      {
        onSuccess: (r) => void (r.ok ? message.success(`${row.name}：${r.message}`, 6) : message.error(`${row.name}：${r.message}`, 8)),
        onError: (err) => void message.error(messageOf(err)),
        onSettled: () => setTesting(null),
      },
    );
  };

  return (
    <Card
      title="运营商账号"
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={!kinds.data} onClick={() => setEditing({ account: null })}>
          新建账号
        </Button>
      }
    >
      <ListPage<Row>
        card={false}
        name="运营商账号"
        {...carrierAccountsList()}
        empty="还没有运营商账号"
        rowKey="id"
        table={{ size: 'small' }}
        footnote={`密钥加密保存，保存后不再显示。内置模拟器不可修改；来源为“配置文件”的账号由 CARRIER_ACCOUNTS_FILE 声明，在此只能停用（下次启动按文件恢复）。“超 ${CARRIER_STALE_HOURS} 小时未更新”不含已销户的卡。`}
        columns={[
          {
            title: '账号',
            dataIndex: 'name',
            width: 120,
            render: (name: string, r) => (
              <Space size={4} wrap>
                <span>{name}</span>
                {r.source !== 'console' ? <Tag>{r.source_label}</Tag> : null}
              </Space>
            ),
          },
          { title: '平台', dataIndex: 'carrier_label', width: 120, ellipsis: { showTitle: true } },
          {
            title: '状态',
            key: 'state',
            width: 230,
            render: (_v, r) =>
              r.health ? (
                <div data-testid={`carrier-state-${r.id}`}>
                  {healthTag(r.health.state)}
                  {r.health.state_detail ? (
                    <Typography.Text
                      type={r.health.failing ? 'danger' : 'secondary'}
                      style={{ display: 'block', fontSize: 12, marginTop: 2 }}
                    >
                      {r.health.state_detail}
                    </Typography.Text>
                  ) : null}
                </div>
              ) : (
                stateTag(carrierAccountStateOf(r))
              ),
          },
          {
            title: '卡数',
            key: 'cards',
            width: 64,
            align: 'right',
            render: (_v, r) => (r.health ? `${r.health.cards} 张` : '—'),
          },
          {
            title: '最近完整同步',
            key: 'round',
            width: 150,
            render: (_v, r) =>
              r.health ? (
                <Typography.Text type={r.health.last_round_failed > 0 ? 'danger' : undefined} style={{ fontSize: 12 }}>
                  {roundText(r.health)}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: `超 ${CARRIER_STALE_HOURS} 小时未更新`,
            key: 'stale',
            width: 110,
            align: 'right',
            render: (_v, r) =>
              r.health ? (
                <Typography.Text type={r.health.stale_cards > 0 ? 'warning' : undefined}>
                  {r.health.stale_cards} / {r.health.cards} 张
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            title: '错误率',
            key: 'errors',
            width: 70,
            align: 'right',
            render: (_v, r) =>
              r.health ? (
                <Tooltip title={`成功 ${r.health.calls_ok} 次，失败 ${r.health.calls_failed} 次`}>
                  {errorRateText(r.health.error_rate)}
                </Tooltip>
              ) : (
                '—'
              ),
          },
          { title: '调用上限', key: 'limit', width: 96, render: (_v, r) => (r.health ? limitText(r.health) : '—') },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) => (
              <Space size={[8, 0]} wrap>
                {r.editable ? (
                  <Button type="link" size="small" disabled={!kinds.data} onClick={() => setEditing({ account: r })}>
                    编辑
                  </Button>
                ) : null}
                {r.source !== 'builtin' ? (
                  <Button type="link" size="small" loading={testing === r.id} onClick={() => testRow(r)}>
                    测试连接
                  </Button>
                ) : null}
                {r.can_disable ? (
                  r.enabled ? (
                    <Button type="link" size="small" danger onClick={() => setToggling(r)}>
                      停用
                    </Button>
                  ) : (
                    <Button type="link" size="small" onClick={() => setToggling(r)}>
                      启用
                    </Button>
                  )
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {editing && kinds.data ? (
        <CarrierAccountModal account={editing.account} kinds={kinds.data.items} onClose={() => setEditing(null)} />
      ) : null}
      {toggling ? <EnableModal row={toggling} onClose={() => setToggling(null)} /> : null}
    </Card>
  );
}
