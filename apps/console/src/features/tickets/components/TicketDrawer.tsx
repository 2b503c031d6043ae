// A ticket's drawer: the description, the holder's images (thumbnails, opening large), the timeline, and
// 回复 / 处理 — written through the tickets module, so the holder reads it on /suggest. A 在线咨询
// conversation (category chat, docs/decisions/0034) shows its thread and reply box instead, and 结束咨询.
import { App, Button, Descriptions, Form, Image, Input, Select, Space, Timeline, Typography, Alert } from 'antd';
import { Link } from 'react-router';
import { TICKET_CATEGORY_LABEL } from '@portal/contract/patterns/tickets';
import { messageOf } from '../../../lib/api';
import { labelOf } from '../../../lib/labels';
import { storyPath } from '../../../lib/paths';
import { optionsOf, tagOf } from '../../../components/columns';
import { DetailDrawer } from '../../../components/DetailDrawer';
import { ageOf, chinaTime } from '../../../lib/format';
import { ticketImageUrl as imageUrl, useTicket } from '../api/getTicket';
import { useReplyTicket, type ReplyFields } from '../api/replyTicket';
import { TICKET_STATES as STATUS } from '../model/states';
import { RevealContact } from '../../../components/RevealContact';
import { revealTicketContact } from '../api/revealTicketContact';
import { ChatPanel } from './ChatPanel';

const statusTag = tagOf(STATUS);

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

export function TicketDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { message } = App.useApp();
  const q = useTicket(id);
  const [form] = Form.useForm<ReplyFields>();
  const m = useReplyTicket(id, () => {
    form.resetFields();
    void message.success(q.data?.ticket.category === 'chat' ? '已结束咨询' : '已提交，用户可在投诉建议中看到');
  });
  return (
    <DetailDrawer width={720} title={q.data ? `工单 ${q.data.ticket.ticket_no}` : '工单'} query={q} onClose={onClose}>
      {(d) => (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="状态">{statusTag(d.ticket.status)}</Descriptions.Item>
            <Descriptions.Item label="分类">{labelOf(TICKET_CATEGORY_LABEL, d.ticket.category)}</Descriptions.Item>
            <Descriptions.Item label="卡号">
              <Link to={storyPath(d.ticket.custom_num)}>{d.ticket.custom_num}</Link>
            </Descriptions.Item>
            <Descriptions.Item label="联系方式">
              <RevealContact value={d.ticket.contact || null} reveal={(reason) => revealTicketContact(d.ticket.id, reason)} />
            </Descriptions.Item>
            {d.ticket.category === 'chat' ? null : (
              <>
                <Descriptions.Item label="关联订单">{d.ticket.order_no || '—'}</Descriptions.Item>
                <Descriptions.Item label="图片">{d.ticket.image_count} 张</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label="提交时间" span={2}>
              {chinaTime(d.ticket.created_at)}（{ageOf(d.ticket.created_at)}前）
            </Descriptions.Item>
            <Descriptions.Item label={d.ticket.category === 'chat' ? '首条消息' : '问题描述'} span={2}>
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{d.ticket.description}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          {d.ticket.category === 'chat' ? (
            <>
              <ChatPanel id={id} closed={d.ticket.status === 'closed'} />
              {d.ticket.status !== 'closed' ? (
                <Button onClick={() => m.mutate({ status: 'closed', content: '' })} loading={m.isPending}>
                  结束咨询
                </Button>
              ) : null}
            </>
          ) : (
            <>
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
                        getFieldValue('status') === 'replied' && !v?.trim()
                          ? Promise.reject(new Error('请填写回复内容'))
                          : Promise.resolve(),
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
        </>
      )}
    </DetailDrawer>
  );
}
