// 手机端错误 (docs/decisions/0037-errors-from-phones.md): what phones reported — uncaught errors, pages
// whose code failed to load, failed API calls — grouped by message and release, newest release first,
// so a bad release shows within minutes of going out. Refreshed every minute; filter by release.
// Nothing personal is here: the phone and the server scrubbed card numbers, mobiles, tokens and
// query strings before anything was stored.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Select, Space, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import { messageOf } from '../../../lib/api';
import { errorGroupsKey, getErrorGroups, type ErrorGroup } from '../api/errorReports';

const REFRESH_MS = 60_000;
const KIND_COLOR: Record<ErrorGroup['kind'], string> = { error: 'red', chunk: 'orange', api: 'blue' };
const when = (iso: string) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

export function ErrorGroupsPanel() {
  const [release, setRelease] = useState('');
  const groups = useQuery({
    queryKey: errorGroupsKey(release),
    queryFn: () => getErrorGroups(release),
    refetchInterval: REFRESH_MS,
  });
  const d = groups.data;
  // 最新版本 is the build this server serves: a release a phone names is only its word (docs/decisions/0057)
  const served = d?.served_release ?? null;
  const newest = served ? d?.releases.find((r) => r.release === served) : undefined;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="手机端错误"
        extra={
          <Select
            aria-label="版本"
            style={{ width: 260 }}
            value={release}
            onChange={setRelease}
            options={[
              { value: '', label: '全部版本' },
              ...(d?.releases ?? []).map((r) => ({
                value: r.release,
                label: `${r.release}${r.served ? '（当前版本）' : ''}（${r.count} 次，首次 ${when(r.first_seen_at)}）`,
              })),
            ]}
          />
        }
      >
        <Space size="large" wrap>
          <Statistic title="最新版本" value={served ?? '—'} />
          <Statistic title="最新版本错误次数" value={newest?.count ?? 0} />
          <Statistic title="最新版本错误种类" value={newest?.groups ?? 0} />
          <Statistic title="最近一次" value={newest ? when(newest.last_seen_at) : '—'} />
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          手机上未捕获的错误、页面代码加载失败和接口调用失败，按错误信息与版本分组；新版本在前，每分钟刷新。最新版本是本服务器当前提供的页面版本；手机上报的其他版本号仅供参考。卡号、手机号、令牌与网址参数已在上报前去除。
        </Typography.Paragraph>
      </Card>
      {groups.isError && <Alert type="warning" showIcon message={messageOf(groups.error)} />}
      <Card>
        <Table<ErrorGroup>
          rowKey="id"
          size="small"
          loading={groups.isLoading}
          dataSource={d?.items ?? []}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          locale={{ emptyText: '还没有手机端错误报告' }}
          columns={[
            { title: '版本', dataIndex: 'release', width: 130, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            { title: '类型', dataIndex: 'kind', width: 130, render: (_, g) => <Tag color={KIND_COLOR[g.kind]}>{g.kind_label}</Tag> },
            {
              title: '错误信息',
              dataIndex: 'message',
              render: (_, g) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text style={{ wordBreak: 'break-all' }}>{g.message}</Typography.Text>
                  {g.routes.length > 0 && <Typography.Text type="secondary">页面/接口：{g.routes.join('，')}</Typography.Text>}
                </Space>
              ),
            },
            { title: '次数', dataIndex: 'count', width: 80, align: 'right' },
            { title: '首次出现', dataIndex: 'first_seen_at', width: 170, render: when },
            { title: '最近出现', dataIndex: 'last_seen_at', width: 170, render: when },
            {
              title: '设备示例',
              dataIndex: 'sample_user_agent',
              width: 200,
              render: (ua: string) => (
                <Tooltip title={ua}>
                  <Typography.Text type="secondary" ellipsis style={{ maxWidth: 190 }}>
                    {ua || '—'}
                  </Typography.Text>
                </Tooltip>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
