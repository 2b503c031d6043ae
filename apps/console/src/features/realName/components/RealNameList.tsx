// 实名记录: the card holders' real-name information, masked (张*, 1101**********1234, 138****0000,
// no photos). 查看完整信息 — for the platform administrator only — asks for a reason, is audited on
// the server, and shows the data once in a dialog: nothing is cached or kept after it closes.
import { useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { messageOf, urlOf } from '../../../lib/api';
import { ListPage } from '../../../components/ListPage';
import { tagOf } from '../../../components/columns';
import { chinaTime } from '../../../lib/format';
import { allows, useOperator } from '../../../lib/session';
import { realNameList, type RealNameRow as Row } from '../api/getRealName';
import { useRevealRealName } from '../api/revealRealName';
import { REAL_NAME_STATES } from '../model/states';
import { realNameStateOf } from '@portal/contract/admin';
import { fieldsSaidWhy } from '../../../lib/zodRule';
import * as admin from '@portal/contract/routes/admin';

const stateTag = tagOf(REAL_NAME_STATES);

function RevealModal({ row, onClose }: { row: Row; onClose: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  // a mutation, not a query: the answer lives in this dialog only and is gone when it closes
  const m = useRevealRealName(row.card_id);
  return (
    <Modal
      open
      title={`查看完整信息：${row.custom_num}`}
      okText={m.data ? '关闭' : '查看'}
      cancelText="取消"
      okButtonProps={{ loading: m.isPending }}
      onCancel={onClose}
      onOk={() => (m.data ? onClose() : form.validateFields().then((v) => m.mutate(v.reason.trim()), fieldsSaidWhy))}
      destroyOnHidden
    >
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      {m.data ? (
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label="姓名">{m.data.name}</Descriptions.Item>
          <Descriptions.Item label="证件号">{m.data.id_number}</Descriptions.Item>
          <Descriptions.Item label="手机号">{m.data.mobile}</Descriptions.Item>
        </Descriptions>
      ) : (
        <>
          <Alert type="warning" showIcon title="查看完整实名信息将记入审计日志" style={{ marginBottom: 12 }} />
          <Form form={form} layout="vertical">
            <Form.Item
              name="reason"
              label="查看原因"
              rules={[
                { required: true, whitespace: true, message: '请填写查看原因' },
                { min: 2, message: '原因至少 2 个字' },
                { max: 200, message: '原因最多 200 个字' },
              ]}
            >
              <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：用户投诉，核实身份" />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}

export function RealNameList() {
  const op = useOperator().data;
  const [card, setCard] = useState<string | undefined>(undefined);
  const [revealing, setRevealing] = useState<Row | null>(null);
  const canReveal = allows(op, 'realname.reveal');
  return (
    <>
      <ListPage<Row>
        name="实名记录"
        {...realNameList(card)}
        exportUrl={urlOf(admin.adminExportRealName, { card })}
        empty="没有实名记录"
        filters={
          <Form layout="inline" onFinish={(v: { card?: string }) => setCard(v.card?.trim() || undefined)}>
            <Form.Item name="card" label="卡号">
              <Input allowClear style={{ width: 200 }} />
            </Form.Item>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
          </Form>
        }
        rowKey="card_id"
        columns={[
          { title: '卡号', dataIndex: 'custom_num', width: 140 },
          { title: '姓名', dataIndex: 'name', width: 100 },
          { title: '证件号', dataIndex: 'id_number', width: 220 },
          { title: '手机号', dataIndex: 'mobile', width: 140 },
          { title: '证件照片', dataIndex: 'has_photos', width: 100, render: (p: boolean) => (p ? '已上传' : '—') },
          {
            title: '运营商实名',
            dataIndex: 'auth_state',
            width: 110,
            render: (a: boolean) => stateTag(realNameStateOf(a)),
          },
          { title: '更新时间', dataIndex: 'updated_at', width: 180, render: (v: string) => chinaTime(v) },
          {
            title: '操作',
            key: 'op',
            render: (_v, r) =>
              canReveal ? (
                <Button type="link" onClick={() => setRevealing(r)}>
                  查看完整信息
                </Button>
              ) : null,
          },
        ]}
      />
      {revealing ? <RevealModal row={revealing} onClose={() => setRevealing(null)} /> : null}
    </>
  );
}
