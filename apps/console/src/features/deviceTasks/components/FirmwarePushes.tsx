// 固件推送: every firmware push in the operator's scope (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md)
// — the device and its card, the image's model and version, who started it, when it started and
// ended in Beijing time, and its state with the router's reason — filtered by state, model and the
// days it started, newest first, 加载更多 for older ones. An agent administrator's list holds their
// agents' devices only (the server's scope). A push is started from a device's tab (设备任务).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { optionsOf, tagOf } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { chinaTime } from '../../../lib/format';
import { firmwareKey, firmwarePushesList, getFirmware, type FirmwarePushFilter, type FirmwarePushRow } from '../api/firmware';
import { PUSH_STATES } from '../model/pushStates';

const stateTag = tagOf(PUSH_STATES);
const NO_WRAP = { whiteSpace: 'nowrap' } as const;
const beijingDayStart = (d: Dayjs) => `${d.format('YYYY-MM-DD')}T00:00:00+08:00`;

interface Fields {
  state?: FirmwarePushFilter['state'];
  model?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function FirmwarePushes() {
  const [filter, setFilter] = useState<FirmwarePushFilter>({});
  const catalogue = useQuery({ queryKey: firmwareKey(), queryFn: () => getFirmware() });
  const models = (catalogue.data?.models ?? []).filter((m) => m.firmware);
  const search = (v: Fields) =>
    setFilter({
      state: v.state,
      model: v.model,
      // the days picked are Beijing's, whatever the browser's zone: from the first's start to the last's end
      from: v.range?.[0] ? beijingDayStart(v.range[0]) : undefined,
      to: v.range?.[1] ? beijingDayStart(v.range[1].add(1, 'day')) : undefined,
    });
  return (
    <ListPage<FirmwarePushRow>
      name="固件推送"
      {...firmwarePushesList(filter)}
      empty="没有符合条件的固件推送"
      rowKey="id"
      // sized by their content: a fixed layout squeezed the state out at 1440 wide
      table={{ tableLayout: 'auto' }}
      filters={
        <Form layout="inline" onFinish={search} style={{ rowGap: 12 }}>
          <Form.Item name="state" label="状态">
            <Select aria-label="推送状态" allowClear placeholder="全部" style={{ width: 120 }} options={optionsOf(PUSH_STATES)} />
          </Form.Item>
          <Form.Item name="model" label="型号">
            <Select
              aria-label="设备型号"
              allowClear
              placeholder="全部型号"
              style={{ width: 180 }}
              options={models.map((m) => ({ value: m.key, label: m.name }))}
            />
          </Form.Item>
          <Form.Item name="range" label="开始日期">
            <DatePicker.RangePicker aria-label="开始日期" />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
        </Form>
      }
      footnote="时间均为北京时间。待生效的推送在打开列表时会向设备管理平台核实一次。"
      columns={[
        { title: '卡号', dataIndex: 'custom_num' },
        { title: '序列号', dataIndex: 'serial' },
        { title: '代理', dataIndex: 'agent_name' },
        { title: '型号', dataIndex: 'model_name', render: (v: string) => v || '—' },
        { title: '目标版本', dataIndex: 'version', render: (v: string) => v || '—' },
        {
          title: '状态',
          dataIndex: 'state',
          render: (s: string, r) => (
            <>
              {stateTag(s)}
              {r.reason && (
                <Typography.Text type="danger" style={{ display: 'block' }}>
                  {r.reason}
                </Typography.Text>
              )}
            </>
          ),
        },
        { title: '发起人', dataIndex: 'requested_by' },
        { title: '开始时间', dataIndex: 'created_at', render: (v: string) => <span style={NO_WRAP}>{chinaTime(v)}</span> },
        { title: '完成时间', dataIndex: 'settled_at', render: (v: string) => <span style={NO_WRAP}>{v ? chinaTime(v) : '—'}</span> },
      ]}
    />
  );
}
