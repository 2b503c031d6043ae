// 工单: the complaints and suggestions queue, and 在线咨询 conversations (category 在线咨询, with unread counts) — by state and category, oldest first (加载更多) with
// each one's age, 导出 CSV of the current filter — a drawer with the description, the card holder's
// images (thumbnails, opening large) and the timeline, and 回复 / 改变状态, written through the
// tickets module so the card holder reads it on /suggest. /tickets?ticket=<id> opens a ticket's
// drawer (a card's story links here).
import { useState } from 'react';
import { Badge, Button, Form, Input, Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { TICKET_CATEGORY_LABEL } from '@portal/contract/patterns/tickets';
import { urlOf } from '../../../lib/api';
import { labelOf } from '../../../lib/labels';
import { linkColumn, optionsOf, tagOf } from '../../../components/columns';
import { ageOf, chinaTime } from '../../../lib/format';
import { ListPage } from '../../../components/ListPage';
import { ticketsList, type TicketFilter as Filter, type TicketRow as Row } from '../api/getTickets';
import { TICKET_CATEGORY_OPTIONS, TICKET_STATES as STATUS } from '../model/states';
import { TicketDrawer } from './TicketDrawer';
import * as admin from '@portal/contract/routes/admin';

const statusTag = tagOf(STATUS);

export function TicketQueue() {
  const [filter, setFilter] = useState<Filter>({ order: 'oldest' });
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('ticket')) || null;
  const setOpen = (id: number | null) => setParams(id ? { ticket: String(id) } : {});
  return (
    <>
      <ListPage<Row>
        name="工单"
        {...ticketsList(filter)}
        exportUrl={urlOf(admin.adminExportTickets, filter)}
        empty="没有待处理的工单"
        filters={
          <Form
            layout="inline"
            initialValues={{ order: 'oldest' }}
            onFinish={(v: { status?: Filter['status']; category?: Filter['category']; card?: string; order: 'oldest' | 'newest' }) =>
              setFilter({ status: v.status, category: v.category, card: v.card?.trim() || undefined, order: v.order })
            }
            style={{ rowGap: 12 }}
          >
            <Form.Item name="status" label="状态">
              <Select allowClear style={{ width: 120 }} options={optionsOf(STATUS)} />
            </Form.Item>
            <Form.Item name="category" label="分类">
              <Select allowClear style={{ width: 120 }} options={TICKET_CATEGORY_OPTIONS} />
            </Form.Item>
            <Form.Item name="card" label="卡号">
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="order" label="排序">
              <Select
                style={{ width: 120 }}
                options={[
                  { value: 'oldest', label: '最早的在前' },
                  { value: 'newest', label: '最新的在前' },
                ]}
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
          </Form>
        }
        rowKey="id"
        onRowClick={(r) => setOpen(r.id)}
        columns={[
          { title: '工单号', dataIndex: 'ticket_no', width: 170 },
          { title: '卡号', dataIndex: 'custom_num', width: 120 },
          { title: '分类', dataIndex: 'category', width: 100, render: (c: string) => labelOf(TICKET_CATEGORY_LABEL, c) },
          { title: '描述', dataIndex: 'excerpt', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 90, render: statusTag },
          // a 在线咨询 conversation's messages from the holder that nobody has read yet
          {
            title: '未读',
            dataIndex: 'unread',
            width: 70,
            render: (n: number) => (n > 0 ? <Badge count={n} title={`${n} 条未读消息`} /> : null),
          },
          { title: '已等待', dataIndex: 'created_at', width: 90, render: (v: string) => ageOf(v) },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => chinaTime(v) },
          linkColumn<Row>('处理', (r) => setOpen(r.id), 80),
        ]}
      />
      {open !== null ? <TicketDrawer key={open} id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
