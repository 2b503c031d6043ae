// The dashboard's 运营商账号 panel (docs/decisions/0030): one small card per real account (the simulator
// is not read by the sync engine) — its state with 异常 when failing, the last complete round, the
// cards older than 2 hours, the error rate and the calls a second it is kept to.
import { Alert, Card, Col, Descriptions, Empty, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { carrierAccountStateOf, CARRIER_STALE_HOURS } from '@portal/contract/admin';
import { tagOf } from '../../../components/columns';
import { messageOf } from '../../../lib/api';
import { chinaTime } from '../../../lib/format';
import { carrierAccountsPath } from '../../../lib/paths';
import { useCarrierHealth } from '../api/getCarrierAccounts';
import { ACCOUNT_STATES, errorRateText, limitText, roundAgo } from '../model/accountForm';

const stateTag = tagOf(ACCOUNT_STATES);

export function CarrierHealthPanel() {
  const { data, error } = useCarrierHealth();
  const accounts = (data?.items ?? []).filter((a) => a.source !== 'builtin' && a.health);
  return (
    <Card title="运营商账号" size="small" extra={<Link to={carrierAccountsPath}>管理账号</Link>} data-testid="carrier-health">
      {error ? <Alert type="error" showIcon title={messageOf(error)} /> : null}
      {data && accounts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} style={{ margin: 0 }} description="还没有接入运营商平台的账号（卡片由模拟器提供）" />
      ) : null}
      <Row gutter={[16, 16]}>
        {accounts.map((a) => {
          const h = a.health!;
          return (
            <Col key={a.id} xs={24} md={12} xl={6}>
              <Card
                size="small"
                data-testid={`carrier-health-${a.id}`}
                title={
                  <Space size={6}>
                    <span>{a.name}</span>
                    {stateTag(carrierAccountStateOf(a))}
                  </Space>
                }
                style={h.failing && a.enabled ? { borderColor: '#ff4d4f' } : undefined}
              >
                <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }} ellipsis>
                  {a.carrier_label}
                </Typography.Text>
                <Descriptions size="small" column={1} colon={false} styles={{ label: { width: 120 } }}>
                  <Descriptions.Item label="最近完整同步">
                    {h.last_round_at ? <Tooltip title={chinaTime(h.last_round_at)}>{roundAgo(h.last_round_at)}</Tooltip> : roundAgo(null)}
                  </Descriptions.Item>
                  <Descriptions.Item label={`超 ${CARRIER_STALE_HOURS} 小时未更新`}>
                    <Typography.Text type={h.stale_cards > 0 ? 'warning' : undefined}>
                      {h.stale_cards} / {h.cards} 张
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label="错误率">{errorRateText(h.error_rate)}</Descriptions.Item>
                  <Descriptions.Item label="调用上限">{limitText(h)}</Descriptions.Item>
                </Descriptions>
                {a.enabled && h.failing ? (
                  <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }} ellipsis={{ tooltip: h.last_error }}>
                    {h.circuit_open ? <Tag color="orange">熔断中</Tag> : null}
                    {h.last_error || '连续调用失败'}
                  </Typography.Text>
                ) : null}
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
