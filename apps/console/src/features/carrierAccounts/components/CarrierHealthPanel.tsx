// The dashboard's 运营商账号 panel (docs/decisions/0030, 0065): one small card per real account (the
// simulator is not read by the sync engine) — its state in words and what it means, its cards, the
// last complete round (read and failed), the cards older than 2 hours, the error rate and the calls
// a second it is kept to.
import { Alert, Card, Col, Descriptions, Empty, Row, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { CARRIER_STALE_HOURS } from '@portal/contract/admin';
import { tagOf } from '../../../components/columns';
import { messageOf } from '../../../lib/api';
import { carrierAccountsPath } from '../../../lib/paths';
import { useCarrierHealth } from '../api/getCarrierAccounts';
import { HEALTH_STATES, errorRateText, limitText, roundText } from '../model/accountForm';

const stateTag = tagOf(HEALTH_STATES);

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
                    {stateTag(h.state)}
                  </Space>
                }
                style={h.failing && a.enabled ? { borderColor: '#ff4d4f' } : undefined}
              >
                <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }} ellipsis>
                  {a.carrier_label}
                </Typography.Text>
                <Descriptions size="small" column={1} colon={false} styles={{ label: { width: 120 } }}>
                  <Descriptions.Item label="卡数">{h.cards} 张</Descriptions.Item>
                  <Descriptions.Item label="最近完整同步">
                    <Typography.Text type={h.last_round_failed > 0 ? 'danger' : undefined}>{roundText(h)}</Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={`超 ${CARRIER_STALE_HOURS} 小时未更新`}>
                    <Typography.Text type={h.stale_cards > 0 ? 'warning' : undefined}>
                      {h.stale_cards} / {h.cards} 张
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label="错误率">{errorRateText(h.error_rate)}</Descriptions.Item>
                  <Descriptions.Item label="调用上限">{limitText(h)}</Descriptions.Item>
                </Descriptions>
                {h.state_detail ? (
                  <Typography.Text type={h.failing ? 'danger' : 'secondary'} style={{ display: 'block', marginTop: 4, fontSize: 12 }}>
                    {h.state_detail}
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
