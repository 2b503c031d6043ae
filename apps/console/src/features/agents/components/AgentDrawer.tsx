// An agent's drawer: its live preview link and the 品牌 / 支付 / 功能开关 tabs; a sub-agent's 分成与成本价 too.
import { Button, Drawer, Result, Spin, Tabs, Typography } from 'antd';
import { messageOf } from '../../../lib/api';
import { useAgent } from '../api/getAgents';
import { BrandingTab } from './BrandingTab';
import { PayTab } from './PayTab';
import { FeaturesTab } from './FeaturesTab';
import { TermsTab } from './TermsTab';

export function AgentDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const q = useAgent(id);
  return (
    <Drawer open width={760} onClose={onClose} title={q.data ? `${q.data.branding.nickname}（${q.data.mark}）` : '代理商'} destroyOnHidden>
      {q.isPending ? <Spin /> : null}
      {q.error ? <Result status="error" title={messageOf(q.error)} extra={<Button onClick={() => q.refetch()}>重试</Button>} /> : null}
      {q.data ? (
        <>
          <Typography.Paragraph>
            实时预览：
            <Typography.Link href={q.data.preview_path} target="_blank">
              {q.data.preview_path}
            </Typography.Link>
          </Typography.Paragraph>
          <Tabs
            items={[
              { key: 'brand', label: '品牌', children: <BrandingTab detail={q.data} /> },
              { key: 'pay', label: '支付', children: <PayTab detail={q.data} /> },
              { key: 'features', label: '功能开关', children: <FeaturesTab detail={q.data} /> },
              ...(q.data.parent_id !== null ? [{ key: 'terms', label: '分成与成本价', children: <TermsTab id={q.data.id} /> }] : []),
            ]}
          />
        </>
      ) : null}
    </Drawer>
  );
}
