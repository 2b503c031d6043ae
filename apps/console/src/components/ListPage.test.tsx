// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../lib/api';
import { renderConsole } from '../test/render';
import { ListPage, type KeysetPage } from './ListPage';

interface Row {
  id: number;
  name: string;
}
const columns = [{ title: '名称', dataIndex: 'name' }];
const page = (ids: number[], next: number | null): KeysetPage<Row> => ({
  items: ids.map((id) => ({ id, name: `行 ${id}` })),
  next_after_id: next,
});

describe('ListPage', () => {
  it('shows the first page, 加载更多 asks for the page after the last cursor, then 已全部加载', async () => {
    const fetchPage = vi.fn(async (cursor: number | undefined) => (cursor ? page([3], null) : page([1, 2], 2)));
    renderConsole(
      <ListPage<Row> name="测试" queryKey={['test', 'more']} fetchPage={fetchPage} empty="没有记录" columns={columns} rowKey="id" />,
    );
    await screen.findByText('行 2');
    expect(fetchPage).toHaveBeenCalledWith(undefined);
    expect(screen.queryByText('已全部加载')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('行 3');
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    expect(screen.getByText('行 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(screen.getByText('已全部加载')).toBeTruthy();
  });

  it('an empty list says the page’s words; one page has no 加载更多 and no 已全部加载', async () => {
    renderConsole(
      <ListPage<Row>
        queryKey={['test', 'empty']}
        fetchPage={async () => page([], null)}
        empty="没有换卡申请"
        columns={columns}
        rowKey="id"
      />,
    );
    await screen.findByText('没有换卡申请');
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
    expect(screen.queryByText('已全部加载')).toBeNull();
  });

  it('a failure shows the server’s words and 重试 asks again', async () => {
    let fail = true;
    const fetchPage = vi.fn(async () => {
      if (fail) throw new ApiError('服务器繁忙，请稍后重试', 503);
      return page([7], null);
    });
    renderConsole(<ListPage<Row> queryKey={['test', 'error']} fetchPage={fetchPage} empty="没有记录" columns={columns} rowKey="id" />);
    await screen.findByText('服务器繁忙，请稍后重试');
    expect(screen.getByText('加载失败')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重试/ }));
    await screen.findByText('行 7');
    expect(screen.queryByText('服务器繁忙，请稍后重试')).toBeNull();
  });

  it('导出 CSV links the export of the current filter; the filters, actions and footnote show; a row click opens it', async () => {
    const opened = vi.fn();
    renderConsole(
      <ListPage<Row>
        queryKey={['test', 'export']}
        fetchPage={async () => page([1], null)}
        exportUrl="/api/admin/exports/tickets?status=submitted"
        filters={<span>筛选条件</span>}
        actions={<button type="button">新建</button>}
        footnote="导出最多 10,000 行"
        empty="没有记录"
        columns={columns}
        rowKey="id"
        onRowClick={opened}
      />,
    );
    fireEvent.click(await screen.findByText('行 1'));
    expect(opened).toHaveBeenCalledWith({ id: 1, name: '行 1' });
    expect(screen.getByTestId('export-csv').getAttribute('href')).toBe('/api/admin/exports/tickets?status=submitted');
    expect(screen.getByText('筛选条件')).toBeTruthy();
    expect(screen.getByRole('button', { name: '新建' })).toBeTruthy();
    expect(screen.getByText('导出最多 10,000 行')).toBeTruthy();
  });
});
