// The one scaffold of every console list (docs/decisions/0018): its filters, a 导出 CSV of the current filter
// (the server walks the whole filtered set), the table, 加载更多 over keyset pages, loading, an
// error with 重试 and an empty state. A page brings its filters, columns and row actions; the
// paging, states and export look and behave the same on every list.
import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { LoadError } from './LoadError';

/** A page of a keyset list as the server answers it. */
export interface KeysetPage<Row> {
  items: Row[];
  next_after_id?: number | null;
  next_before_id?: number | null;
}

const nextOf = (p: KeysetPage<unknown>): number | undefined => p.next_after_id ?? p.next_before_id ?? undefined;

export interface ListPageProps<Row extends object> {
  /** the query cache key: the list's name and its current filter (a new filter starts over) */
  queryKey: readonly unknown[];
  /** the page after `cursor` (undefined: the first page); an unpaged list answers all its rows */
  fetchPage: (cursor: number | undefined) => Promise<KeysetPage<Row>>;
  /** the filter form, or any control above the table */
  filters?: ReactNode;
  /** the export of the current filter; absent: the list has none */
  exportUrl?: string;
  /** buttons beside 导出 CSV (新建…) */
  actions?: ReactNode;
  /** what the empty table says */
  empty: string;
  /** a line under the table (export limits, hints) */
  footnote?: ReactNode;
  columns: TableProps<Row>['columns'];
  rowKey: TableProps<Row>['rowKey'];
  onRowClick?: (row: Row) => void;
  table?: Omit<TableProps<Row>, 'columns' | 'rowKey' | 'dataSource' | 'loading' | 'pagination' | 'onRow'>;
  /** wrapped in a Card unless false (a list inside a tab or a drawer) */
  card?: boolean;
  /** the table's aria/test name */
  name?: string;
}

export function ListPage<Row extends object>(p: ListPageProps<Row>) {
  const q = useInfiniteQuery({
    // its own key under the list's name: invalidating ['tickets'] reaches it, a plain query of the
    // same name (a select's options) keeps its own shape
    queryKey: [...p.queryKey, 'list'],
    queryFn: ({ pageParam }) => p.fetchPage(pageParam || undefined),
    initialPageParam: 0,
    getNextPageParam: (last) => nextOf(last),
  });
  const rows = q.data?.pages.flatMap((page) => page.items) ?? [];
  const body = (
    <>
      {p.filters || p.exportUrl || p.actions ? (
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 16, marginBottom: 16 }}>
          <div style={{ flex: 1, minWidth: 0 }}>{p.filters}</div>
          <Space>
            {p.actions}
            {p.exportUrl ? (
              <Button icon={<DownloadOutlined />} href={p.exportUrl} download data-testid="export-csv">
                导出 CSV
              </Button>
            ) : null}
          </Space>
        </div>
      ) : null}
      {q.error ? <LoadError error={q.error} icon style={{ marginBottom: 16 }} onRetry={() => void q.refetch()} /> : null}
      <Table<Row>
        size="small"
        tableLayout="fixed"
        {...p.table}
        aria-label={p.name}
        rowKey={p.rowKey}
        loading={q.isPending}
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: <Empty description={q.error ? '加载失败' : p.empty} /> }}
        columns={p.columns}
        onRow={p.onRowClick ? (r) => ({ onClick: () => p.onRowClick!(r), style: { cursor: 'pointer' } }) : undefined}
      />
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        {q.hasNextPage ? (
          <Button onClick={() => q.fetchNextPage()} loading={q.isFetchingNextPage}>
            加载更多
          </Button>
        ) : rows.length > 0 && (q.data?.pages.length ?? 0) > 1 ? (
          <Typography.Text type="secondary">已全部加载</Typography.Text>
        ) : null}
      </div>
      {p.footnote ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {p.footnote}
        </Typography.Paragraph>
      ) : null}
    </>
  );
  return p.card === false ? body : <Card>{body}</Card>;
}
