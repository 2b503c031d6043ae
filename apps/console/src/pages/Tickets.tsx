// 工单: the complaints and suggestions queue — by state and category, oldest first (加载更多) with
// each one's age, 导出 CSV of the current filter — a drawer with the description, the card holder's
// images (thumbnails, opening large) and the timeline, and 回复 / 改变状态, written through the
// tickets module so the card holder reads it on /suggest. /tickets?ticket=<id> opens a ticket's
// drawer (a card's story links here).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Form, Image, Input, Select, Space, Timeline, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { pathOf } from '@portal/contract/route';
import { ADMIN_ENDPOINTS } from '@portal/contract/admin';
import { API_BASE, call, messageOf, urlOf } from '../lib/api';
import { RevealContact } from '../lib/RevealContact';
import { storyPath } from '../lib/CardStory';
import { linkColumn, optionsOf, tagOf } from '../lib/columns';
import { DetailDrawer } from '../lib/DetailDrawer';
import { ageOf, chinaTime } from '../lib/format';
import { ListPage } from '../lib/ListPage';

type Row = AdminAnswerOf<'adminTicketList'>['items'][number];
type Filter = Omit<AdminInputOf<'adminTicketList'>, 'limit' | 'after_id'>;
const STATUS: Record<string, { label: string; color: string }> = {
  submitted: { label: '已提交', color: 'gold' },
  in_progress: { label: '处理中', color: 'blue' },
  replied: { label: '已回复', color: 'green' },
  closed: { label: '已关闭', color: 'default' },
};
const CATEGORY: Record<string, string> = {
  connectivity: '网络问题',
  billing: '扣费问题',
  package: '套餐问题',
  service: '服务态度',
  suggestion: '功能建议',
  other: '其他',
};
const statusTag = tagOf(STATUS);
const PAGE = 50;

/** The n-th image of a ticket, served with the ticket's own scope check. */
const imageUrl = (id: number, n: number) => API_BASE + pathOf(ADMIN_ENDPOINTS.adminTicketImage.route, { id, n });

function TicketImages({ id, count }: { id: number; count: number }) {
  if (count === 0) return <Typography.Text type="secondary">用户未上传图片</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap size={8} data-testid="ticket-images">
        {Array.from({ length: count }, (_, n) => (
          <Image
            key={n}
            width={88}
            height={88}
            src={imageUrl(id, n)}
            alt={`图片 ${n + 1}`}
            style={{ objectFit: 'cover', borderRadius: 4, border: '1px solid #f0f0f0' }}
            fallback="data:image/svg+xml;utf8,<svg xmlns='http://www.w3.org/2000/svg' width='88' height='88'><rect width='88' height='88' fill='%23f5f5f5'/><text x='44' y='50' font-size='12' text-anchor='middle' fill='%23999'>无法加载</text></svg>"
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

function TicketDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['ticket', id], queryFn: () => call('adminTicketDetail', { id }) });
  const [form] = Form.useForm<{ status: 'submitted' | 'in_progress' | 'replied' | 'closed'; content?: string }>();
  const m = useMutation({
    mutationFn: (v: { status: 'submitted' | 'in_progress' | 'replied' | 'closed'; content?: string }) =>
      call('adminTicketReply', { id, status: v.status, content: v.content?.trim() ?? '' }),
    onSuccess: (d) => {
      qc.setQueryData(['ticket', id], d);
      void qc.invalidateQueries({ queryKey: ['tickets'] });
      form.resetFields();
      void message.success('已提交，用户可在投诉建议中看到');
    },
  });
  return (
    <DetailDrawer width={720} title={q.data ? `工单 ${q.data.ticket.ticket_no}` : '工单'} query={q} onClose={onClose}>
      {(d) => (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="状态">{statusTag(d.ticket.status)}</Descriptions.Item>
            <Descriptions.Item label="分类">{CATEGORY[d.ticket.category] ?? d.ticket.category}</Descriptions.Item>
            <Descriptions.Item label="卡号">
              <Link to={storyPath(d.ticket.custom_num)}>{d.ticket.custom_num}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="联系方式">
              <RevealContact
                value={d.ticket.contact || null}
                reveal={(reason) => call('adminTicketContactReveal', { id: d.ticket.id, reason }).then((a) => a.contact)}
              />
            </Descriptions.Item>
            <Descriptions.Item label="关联订单">{d.ticket.order_no || '—'}</Descriptions.Item>
            <Descriptions.Item label="图片">{d.ticket.image_count} 张</Descriptions.Item>
            <Descriptions.Item label="提交时间" span={2}>
              {chinaTime(d.ticket.created_at)}（{ageOf(d.ticket.created_at)}前）
            </Descriptions.Item>
            <Descriptions.Item label="问题描述" span={2}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{d.ticket.description}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ margin: 0 }}>
            用户图片（{d.ticket.image_count}）
          </Typography.Title>
          <TicketImages id={id} count={d.ticket.image_count} />
          <Typography.Title level={5}>处理记录</Typography.Title>
          <Timeline
            items={d.events.map((e) => ({
              children: (
                <div>
                  {statusTag(e.status)} <Typography.Text type="secondary">{chinaTime(e.created_at)}</Typography.Text>
                  {e.author ? <Typography.Text type="secondary"> · {e.author}</Typography.Text> : null}
                  {e.content ? <div style={{ marginTop: 4 }}>{e.content}</div> : null}
                </div>
              ),
            }))}
          />
          <Typography.Title level={5}>回复 / 处理</Typography.Title>
          {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} /> : null}
          <Form form={form} layout="vertical" initialValues={{ status: 'replied' }} onFinish={(v) => m.mutate(v)}>
            <Form.Item name="status" label="处理后状态" rules={[{ required: true, message: '请选择处理状态' }]}>
              <Select style={{ width: 200 }} options={optionsOf(STATUS)} />
            </Form.Item>
            <Form.Item
              name="content"
              label="回复内容（用户可见）"
              dependencies={['status']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_r, v: string | undefined) =>
                    getFieldValue('status') === 'replied' && !v?.trim() ? Promise.reject(new Error('请填写回复内容')) : Promise.resolve(),
                }),
                { max: 1000, message: '回复最多 1000 个字' },
              ]}
            >
              <Input.TextArea rows={4} maxLength={1000} showCount placeholder="如：已为您处理，请重启设备后查看" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={m.isPending}>
              提交
            </Button>
          </Form>
        </>
      )}
    </DetailDrawer>
  );
}

export default function Tickets() {
  const [filter, setFilter] = useState<Filter>({ order: 'oldest' });
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('ticket')) || null;
  const setOpen = (id: number | null) => setParams(id ? { ticket: String(id) } : {});
  return (
    <>
      <ListPage<Row>
        name="工单"
        queryKey={['tickets', filter]}
        fetchPage={(after) => call('adminTicketList', { ...filter, limit: PAGE, ...(after ? { after_id: after } : {}) })}
        exportUrl={urlOf('adminExportTickets', filter)}
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
              <Select allowClear style={{ width: 120 }} options={Object.entries(CATEGORY).map(([value, label]) => ({ value, label }))} />
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
          { title: '分类', dataIndex: 'category', width: 100, render: (c: string) => CATEGORY[c] ?? c },
          { title: '描述', dataIndex: 'excerpt', ellipsis: true },
          { title: '状态', dataIndex: 'status', width: 90, render: statusTag },
          { title: '已等待', dataIndex: 'created_at', width: 90, render: (v: string) => ageOf(v) },
          { title: '更新时间', dataIndex: 'updated_at', width: 170, render: (v: string) => chinaTime(v) },
          linkColumn<Row>('处理', (r) => setOpen(r.id), 80),
        ]}
      />
      {open !== null ? <TicketDrawer key={open} id={open} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
