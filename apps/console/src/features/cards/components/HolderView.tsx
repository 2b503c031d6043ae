// 持卡人视角: the portal's home for this card as its holder sees it — the server's answers to the
// same reads home makes (card info, the hint, the line), drawn at a phone's width. Read only: no
// button here does anything, and no holder session exists (docs/decisions/0042-console-sees-as-holder.md).
// Each opening is one audited read.
import { Alert, Button, Descriptions, Drawer, Progress, Skeleton, Tag, Typography } from 'antd';
import { CARD_STATE_LABEL } from '@portal/contract/enums';
import { chinaTime, dataSize } from '../../../lib/format';
import { LoadError } from '../../../components/LoadError';
import { useHolderView } from '../api/cardActions';

const LEVEL: Record<string, 'info' | 'warning' | 'error' | 'success'> = {
  none: 'success',
  info: 'info',
  warning: 'warning',
  danger: 'error',
};

export function HolderViewDrawer({ card, open, onClose }: { card: string; open: boolean; onClose: () => void }) {
  const q = useHolderView(card, open);
  return (
    <Drawer title={`持卡人视角 ${card}`} open={open} onClose={onClose} size="large" destroyOnHidden>
      {q.isPending ? (
        <Skeleton active />
      ) : q.error ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <HolderHome v={q.data} />
      )}
    </Drawer>
  );
}

function HolderHome({ v }: { v: NonNullable<ReturnType<typeof useHolderView>['data']> }) {
  const info = v.card_info.info;
  const plan = v.line.plan;
  const used = plan && plan.total_kb > 0 ? Math.min(100, Math.round((plan.used_kb / plan.total_kb) * 100)) : 0;
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="只读：门户首页此刻向持卡人显示的内容"
        description={`${v.as === 'user' ? `以绑定用户 ${v.mobile || ''} 的身份` : '以卡号登录的身份'}，由服务端按首页同一读模型生成（${chinaTime(v.viewed_at)}）；不创建持卡人会话，本次查看已记入审计。`}
      />
      <div data-testid="holder-home" style={{ width: 375, margin: '0 auto', border: '1px solid #e5e5e5', borderRadius: 16, padding: 16 }}>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {info.custom_num.replace(/(\d{4})(?=\d)/g, '$1 ')}{' '}
          <Tag color={v.line.in_service ? 'green' : 'red'}>{v.line.state_label || CARD_STATE_LABEL[info.state]}</Tag>
        </Typography.Title>
        {v.clew.content ? (
          <Alert
            type={LEVEL[v.clew.level] ?? 'info'}
            showIcon
            style={{ marginBottom: 12 }}
            title={v.clew.content}
            action={
              v.clew.action ? (
                <Button size="small" disabled title="只读视图中不可操作">
                  {v.clew.action.text}
                </Button>
              ) : null
            }
          />
        ) : null}
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="余额">¥{v.line.balance.toFixed(2)}</Descriptions.Item>
          <Descriptions.Item label="当前套餐">{plan ? plan.name : '暂无生效套餐'}</Descriptions.Item>
          {plan ? (
            <Descriptions.Item label="剩余流量">
              {dataSize(plan.remaining_kb)} / {dataSize(plan.total_kb)}
              <Progress percent={used} size="small" showInfo={false} />
              有效期至 {plan.valid_until}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label="今日已用">{dataSize(v.line.today_used_kb)}</Descriptions.Item>
          <Descriptions.Item label="本月已用">{dataSize(v.line.month_used_kb)}</Descriptions.Item>
          <Descriptions.Item label="实名">{v.line.real_named ? '已实名' : '未实名'}</Descriptions.Item>
          <Descriptions.Item label="用量更新">{v.line.synced_at ? chinaTime(v.line.synced_at) : '—'}</Descriptions.Item>
        </Descriptions>
      </div>
    </>
  );
}
