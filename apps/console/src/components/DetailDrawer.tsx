// The drawer of one row's details (an order, a ticket): it opens at once, shows the query's error
// with 重试, and the details once they are there — stacked 16 px apart.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Drawer, Space } from 'antd';
import { LoadError } from './LoadError';

export interface DetailDrawerProps<T> {
  title: ReactNode;
  width: number;
  query: UseQueryResult<T>;
  onClose: () => void;
  /** what shows while the first answer is on its way (nothing unless given) */
  pending?: ReactNode;
  /** the details, from the answer */
  children: (data: T) => ReactNode;
}

export function DetailDrawer<T>(p: DetailDrawerProps<T>) {
  const q = p.query;
  return (
    <Drawer open width={p.width} title={p.title} onClose={p.onClose} destroyOnHidden>
      {q.isPending ? p.pending : null}
      {q.error ? <LoadError error={q.error} onRetry={() => void q.refetch()} /> : null}
      {q.data ? (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {p.children(q.data)}
        </Space>
      ) : null}
    </Drawer>
  );
}
