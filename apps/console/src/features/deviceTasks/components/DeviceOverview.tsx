// WiFi设备任务's list (docs/decisions/0061-routers-behind-a-slow-acs.md): the wifi devices in the
// operator's scope — online / offline and the router's last inform in Beijing time — with their
// pending and failed tasks and firmware pushes, filtered by presence, by task and by a card number
// or serial. An agent administrator's list holds their agent's devices only (the server's scope).
// Retrying or withdrawing a task is done on the device's own tab (设备任务), by its card number.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { messageOf } from '../../../lib/api';
import { chinaTime } from '../../../lib/format';
import { deviceOverviewKey, getDeviceOverview, type DeviceOverviewRow, type OverviewFilter } from '../api/deviceTasks';
import { presenceOf, taskCounts } from '../model/overview';

const STATE_COLOR: Record<string, string> = { pending: 'orange', failed: 'red' };

export function DeviceOverview() {
  const [filter, setFilter] = useState<OverviewFilter>({ q: '', presence: '', task: '' });
  const list = useQuery({ queryKey: deviceOverviewKey(filter), queryFn: () => getDeviceOverview(filter), retry: false });

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="设备列表">
        <Space wrap>
          <Select
            aria-label="在线状态"
            style={{ width: 140 }}
            value={filter.presence}
            onChange={(presence) => setFilter((f) => ({ ...f, presence }))}
            options={[
              { value: '', label: '全部状态' },
              { value: 'online', label: '在线' },
              { value: 'offline', label: '离线' },
            ]}
          />
          <Select
            aria-label="任务"
            style={{ width: 160 }}
            value={filter.task}
            onChange={(task) => setFilter((f) => ({ ...f, task }))}
            options={[
              { value: '', label: '全部任务' },
              { value: 'pending', label: '有待生效任务' },
              { value: 'failed', label: '有失败任务' },
              { value: 'firmware', label: '有固件推送' },
            ]}
          />
          <Input.Search
            aria-label="卡号或序列号"
            placeholder="卡号或序列号"
            allowClear
            enterButton="查询"
            style={{ width: 300 }}
            onSearch={(v) => setFilter((f) => ({ ...f, q: v.trim() }))}
          />
        </Space>
      </Card>
      {list.isError && <Alert type="warning" showIcon title={messageOf(list.error)} />}
      {list.data?.truncated && <Alert type="info" showIcon title="设备较多，只查看了最新的 100 台；请输入卡号或序列号缩小范围" />}
      <Table<DeviceOverviewRow>
        rowKey="serial"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.items ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '没有符合条件的设备' }}
        columns={[
          { title: '卡号', dataIndex: 'custom_num', width: 130 },
          { title: '序列号', dataIndex: 'serial', width: 150 },
          { title: '代理', dataIndex: 'agent_name', width: 110 },
          { title: '型号', dataIndex: 'model_name', render: (v: string) => v || '—' },
          {
            title: '状态',
            width: 90,
            render: (_, r) => {
              const p = presenceOf(r);
              return <Tag color={p.color}>{p.text}</Tag>;
            },
          },
          { title: '最近上报（北京时间）', dataIndex: 'last_inform', width: 180, render: (v: string, r) => (r.acs ? chinaTime(v) : '—') },
          {
            title: '待生效与失败的任务',
            render: (_, r) =>
              r.tasks.length === 0 ? (
                <Typography.Text type="secondary">无</Typography.Text>
              ) : (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>{taskCounts(r)}</Typography.Text>
                  {r.tasks.map((t) => (
                    <span key={t.id}>
                      <Tag color={STATE_COLOR[t.state]}>{t.state_text}</Tag>
                      {t.summary}
                      {t.reason && <Typography.Text type="danger">（{t.reason}）</Typography.Text>}
                      {t.fault_code && <Typography.Text type="secondary"> 故障码 {t.fault_code}</Typography.Text>}
                    </span>
                  ))}
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}
