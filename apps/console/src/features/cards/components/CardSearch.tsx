// 卡片: search at a million cards — filters on the server, newest first, 加载更多 by keyset paging
// (no page count: counting a million rows on every page is what this avoids), 导出 CSV of the
// same filter, a card's story in a drawer, and selected cards taken to a new 批量任务.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, DatePicker, Drawer, Form, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AgentSelect } from '../../../components/AgentSelect';
import { SeriesSelect } from '../../../components/SeriesSelect';
import { SearchOutlined, SnippetsOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { REAL_NAME_STATE_LABEL, realNameStateOf } from '@portal/contract/admin';
import { CARD_STATE_LABEL, SUPPLIER_LABEL } from '@portal/contract/enums';
import { CARD_LOOKUP_MAX } from '@portal/contract/admin';
import { messageOf, urlOf } from '../../../lib/api';
import { chinaTime, dataSize } from '../../../lib/format';
import { bulkJobsPath, storyPath } from '../../../lib/paths';
import { allows, useOperator } from '../../../lib/session';
import { Link } from 'react-router';
import { ListPage } from '../../../components/ListPage';
import { cardsList, type CardFilter as Filter, type CardRow as Row } from '../api/searchCards';
import { useLookupCards, type CardLookup } from '../api/lookupCards';
import { StoryView } from './CardStory';
import { ResetCardPasswordButton } from '../../../components/CardPasswords';
import * as admin from '@portal/contract/routes/admin';
interface Fields {
  number?: string;
  agent_id?: number | null;
  state?: number;
  supplier?: number;
  series_id?: number | null;
  real_name?: 'yes' | 'no';
  bound?: 'yes' | 'no';
  mobile?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const options = (labels: Record<number, string>) => Object.entries(labels).map(([v, label]) => ({ value: Number(v), label }));

export function CardSearch() {
  const session = useOperator();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<Filter>({});
  const [open, setOpen] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [pasting, setPasting] = useState(false);
  const [pasted, setPasted] = useState<CardLookup | null>(null);
  const canManage = allows(session.data, 'cards.manage');
  const isPlatform = session.data?.role === 'platform_admin';
  // the series picker reads the series list, which is the catalogue's (prices.view): support sees
  // cards but not the catalogue, so it gets no picker rather than one the server refuses to fill
  const seesSeries = allows(session.data, 'prices.view');

  const search = (v: Fields) => {
    setSelected([]);
    setFilter({
      number: v.number?.trim() || undefined,
      agent_id: v.agent_id ?? undefined,
      state: v.state,
      supplier: v.supplier,
      series_id: v.series_id ?? undefined,
      real_name: v.real_name,
      bound: v.bound,
      mobile: v.mobile?.trim() || undefined,
      created_from: v.range?.[0]?.startOf('day').toISOString(),
      created_to: v.range?.[1]?.add(1, 'day').startOf('day').toISOString(),
    });
  };

  const columns: ColumnsType<Row> = [
    {
      title: '卡号',
      dataIndex: 'custom_num',
      width: 120,
      render: (n: string) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpen(n)}>
          {n}
        </Button>
      ),
    },
    { title: 'ICCID', dataIndex: 'iccid', width: 190 },
    { title: 'MSISDN', dataIndex: 'isdn', width: 130, render: (v: string) => v || '—' },
    { title: '代理', dataIndex: 'agent_name', width: 110, ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state_label',
      width: 90,
      render: (l: string, r) => <Tag color={r.state === 1 ? 'green' : r.state === 3 ? 'red' : undefined}>{l}</Tag>,
    },
    { title: '运营商', dataIndex: 'supplier_label', width: 90 },
    // the plan in force as the holder's pages show it (the one read model of a line, docs/decisions/0029)
    { title: '系列', dataIndex: 'series_ids', width: 60, render: (ids: number[]) => ids.join(',') || '—' },
    { title: '套餐', key: 'plan', width: 150, ellipsis: true, render: (_: unknown, r) => r.plan?.name ?? '—' },
    { title: '剩余流量', key: 'remaining', width: 100, render: (_: unknown, r) => (r.plan ? dataSize(r.plan.remaining_kb) : '—') },
    { title: '到期', key: 'valid_until', width: 100, render: (_: unknown, r) => r.plan?.valid_until ?? '—' },
    { title: '实名', dataIndex: 'real_named', width: 70, render: (v: boolean) => REAL_NAME_STATE_LABEL[realNameStateOf(v)] },
    { title: '绑定', dataIndex: 'bound', width: 70, render: (v: boolean) => (v ? '已绑定' : '未绑定') },
    { title: '创建时间', dataIndex: 'created_at', width: 160, render: chinaTime },
  ];

  return (
    <Card>
      {pasted ? (
        <PastedResult result={pasted} columns={columns} onBack={() => setPasted(null)} />
      ) : (
        <ListPage<Row>
          card={false}
          name="卡片"
          {...cardsList(filter)}
          exportUrl={urlOf(admin.adminCardExport, filter)}
          footnote="导出最多 50,000 行，按当前筛选条件；更多请缩小筛选范围。"
          empty="没有符合条件的卡片"
          filters={
            <Form layout="inline" onFinish={search} style={{ rowGap: 12 }}>
              <Form.Item name="number" label="号码" rules={[{ pattern: /^[0-9A-Za-z]*$/, message: '号码只能包含数字和字母' }]}>
                <Input placeholder="卡号 / ICCID / MSISDN / IMSI，或后 4–8 位" allowClear style={{ width: 280 }} />
              </Form.Item>
              {isPlatform ? (
                <Form.Item name="agent_id" label="代理">
                  <AgentSelect placeholder="全部代理" width={220} />
                </Form.Item>
              ) : null}
              <Form.Item name="state" label="状态">
                <Select allowClear placeholder="全部" options={options(CARD_STATE_LABEL)} style={{ width: 110 }} />
              </Form.Item>
              <Form.Item name="supplier" label="运营商">
                <Select allowClear placeholder="全部" options={options(SUPPLIER_LABEL)} style={{ width: 120 }} />
              </Form.Item>
              {seesSeries ? (
                <Form.Item name="series_id" label="套餐系列">
                  <SeriesSelect placeholder="全部系列" width={220} />
                </Form.Item>
              ) : null}
              <Form.Item name="real_name" label="实名">
                <Select
                  allowClear
                  placeholder="全部"
                  options={Object.entries(REAL_NAME_STATE_LABEL).map(([value, label]) => ({ value, label }))}
                  style={{ width: 100 }}
                />
              </Form.Item>
              <Form.Item name="bound" label="绑定">
                <Select
                  allowClear
                  placeholder="全部"
                  options={[
                    { value: 'yes', label: '已绑定' },
                    { value: 'no', label: '未绑定' },
                  ]}
                  style={{ width: 100 }}
                />
              </Form.Item>
              <Form.Item name="mobile" label="绑定手机号" rules={[{ pattern: /^\s*(1\d{10})?\s*$/, message: '请输入 11 位手机号' }]}>
                <Input allowClear style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="range" label="创建日期">
                <DatePicker.RangePicker />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  查询
                </Button>
                <Button icon={<SnippetsOutlined />} onClick={() => setPasting(true)}>
                  粘贴号码列表
                </Button>
              </Space>
            </Form>
          }
          actions={
            canManage ? (
              <Button
                icon={<ThunderboltOutlined />}
                disabled={selected.length === 0}
                onClick={() => navigate(bulkJobsPath, { state: { custom_nums: selected } })}
              >
                批量操作{selected.length ? `（${selected.length}）` : ''}
              </Button>
            ) : null
          }
          rowKey="custom_num"
          table={{
            rowSelection: canManage ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined,
            // the package columns make the row wider than a laptop's page: the table scrolls, the page does not
            scroll: { x: 'max-content' },
          }}
          columns={columns}
        />
      )}
      {pasting ? (
        <PasteModal
          onFound={(r) => {
            setPasted(r);
            setPasting(false);
          }}
          onClose={() => setPasting(false)}
        />
      ) : null}
      <Drawer
        title={open ? `卡片档案 ${open}` : ''}
        extra={
          open ? (
            <>
              {canManage ? <ResetCardPasswordButton customNum={open} /> : null} <Link to={storyPath(open)}>在档案页打开</Link>
            </>
          ) : null
        }
        open={open !== null}
        onClose={() => setOpen(null)}
        size={960}
        destroyOnHidden
      >
        {open ? <StoryView card={open} /> : null}
      </Drawer>
    </Card>
  );
}

/** 粘贴号码列表: up to 1,000 numbers of any identifier, one per line or separated by commas. */
function PasteModal({ onFound, onClose }: { onFound: (r: CardLookup) => void; onClose: () => void }) {
  const [text, setText] = useState('');
  const m = useLookupCards();
  return (
    <Modal
      open
      title="粘贴号码列表"
      okText="查找"
      cancelText="取消"
      okButtonProps={{ loading: m.isPending, disabled: !text.trim() }}
      onOk={() => m.mutate(text, { onSuccess: onFound })}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">
        每行一个，或用逗号分隔；卡号、ICCID、MSISDN、IMSI 均可，一次最多 {CARD_LOOKUP_MAX} 个。
      </Typography.Paragraph>
      {m.error ? <Alert type="error" showIcon title={messageOf(m.error)} style={{ marginBottom: 12 }} /> : null}
      <Input.TextArea aria-label="号码列表" rows={10} value={text} onChange={(e) => setText(e.target.value)} />
    </Modal>
  );
}

function PastedResult({ result, columns, onBack }: { result: CardLookup; columns: ColumnsType<Row>; onBack: () => void }) {
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={onBack}>返回筛选</Button>
        <Typography.Text>
          共 {result.asked} 个号码，找到 {result.items.length} 张卡，未找到 {result.not_found.length} 个
        </Typography.Text>
      </Space>
      {result.not_found.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`未找到的号码（${result.not_found.length}）`}
          description={
            <Typography.Paragraph copyable style={{ marginBottom: 0 }}>
              {result.not_found.join('\n')}
            </Typography.Paragraph>
          }
        />
      ) : null}
      <Table<Row>
        size="small"
        rowKey="custom_num"
        dataSource={result.items}
        columns={columns}
        pagination={{ pageSize: 50 }}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
