// One job's result per card: its summary and progress, 全部/失败/成功/待处理, 导出 CSV, the cards a page at a time;
// asked again while the job runs, and the jobs and cards once it is done.
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Segmented, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { urlOf } from '../../../lib/api';
import { LoadError } from '../../../components/LoadError';
import { useBulkJob, type Shown } from '../api/getBulkJob';
import { invalidateJobsAndCards } from '../api/createBulkJob';
import { actionOf, ITEM_STATE_COLOR, isDone, stateLabel } from '../model/jobs';
import { JobProgress, StatusTag } from './JobStatus';
import * as admin from '@portal/contract/routes/admin';

export function JobDetail({ id }: { id: number }) {
  const client = useQueryClient();
  // the failed cards are what an operator looks for in thousands: one tap shows only them
  const [shown, setShown] = useState<Shown>('all');
  // the counts per result and the cards a page (BULK_ITEMS_PAGE) at a time, of the result shown
  const q = useBulkJob(id, shown);
  const first = q.data?.pages[0];
  const finished = first ? isDone(first.job) : false;
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const counts = first?.counts ?? { ok: 0, failed: 0, pending: 0 };
  useEffect(() => {
    // the cards changed: the lists that show them are asked again
    if (!finished) return;
    invalidateJobsAndCards(client);
  }, [finished, client]);
  if (q.error) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  // the counts are the freshest word (the job's own are written after each batch of cards)
  const job = first ? { ...first.job, ok_count: counts.ok, failed_count: counts.failed } : undefined;
  const shownTotal = shown === 'all' ? (job?.total ?? 0) : counts[shown];
  return (
    <>
      {job ? (
        <div data-testid="bulk-job-summary">
          <Space align="center" style={{ marginBottom: 8 }}>
            <StatusTag status={job.status} />
            <Typography.Text>
              {actionOf(job)}，原因：{job.reason}
            </Typography.Text>
          </Space>
          <JobProgress job={job} />
          <Typography.Paragraph type={isDone(job) ? undefined : 'secondary'} style={{ marginTop: 8 }}>
            {isDone(job)
              ? `已完成：共 ${job.total} 张，成功 ${job.ok_count} 张，失败 ${job.failed_count} 张。`
              : `后台处理中：共 ${job.total} 张，已处理 ${job.ok_count + job.failed_count} 张（成功 ${job.ok_count}，失败 ${job.failed_count}），可关闭本窗口，稍后查看。`}
          </Typography.Paragraph>
        </div>
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 12 }}>
        <Segmented
          value={shown}
          onChange={(v) => setShown(v as Shown)}
          options={[
            { value: 'all', label: `全部 ${job?.total ?? 0}` },
            { value: 'failed', label: `失败 ${counts.failed}` },
            { value: 'ok', label: `成功 ${counts.ok}` },
            // a finished job has no cards waiting: 待处理 is offered only while it runs (or while it is the one shown)
            ...(finished && shown !== 'pending' ? [] : [{ value: 'pending', label: `待处理 ${counts.pending}` }]),
          ]}
        />
        {/* every card's result, the failed ones to fix and retry (the same list the exports area audits) */}
        <Button icon={<DownloadOutlined />} href={urlOf(admin.adminExportBulkJobItems, { id })} download data-testid="export-csv">
          导出 CSV
        </Button>
      </div>
      <Table
        size="small"
        rowKey="id"
        loading={q.isPending}
        dataSource={items}
        locale={{ emptyText: <Empty description={shown === 'failed' ? '没有失败的卡' : '没有记录'} /> }}
        pagination={false}
        columns={[
          { title: '卡号', dataIndex: 'custom_num', width: 180 },
          {
            title: '结果',
            dataIndex: 'status',
            width: 90,
            render: (s: string) => <Tag color={ITEM_STATE_COLOR[s] ?? 'default'}>{stateLabel(s)}</Tag>,
          },
          { title: '说明', dataIndex: 'message' },
        ]}
      />
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        {q.hasNextPage ? (
          <Button onClick={() => void q.fetchNextPage()} loading={q.isFetchingNextPage}>
            加载更多（已显示 {items.length} / {shownTotal} 张）
          </Button>
        ) : items.length > 0 && (q.data?.pages.length ?? 0) > 1 ? (
          <Typography.Text type="secondary">已全部加载</Typography.Text>
        ) : null}
      </div>
    </>
  );
}
