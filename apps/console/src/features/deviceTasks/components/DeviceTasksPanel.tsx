// WiFi设备任务 (docs/decisions/0032-routers-through-genieacs.md): support types a card number and sees its
// device — model, online, the ACS that manages it and the router's last inform — and the changes its
// holder asked for: queued ones (撤销) and failed ones with the router's fault code (重试), each with a
// reason, audited. Nothing here shows a wifi password: the summaries say 修改WiFi密码.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Input, Space, Table, Tag, Typography } from 'antd';
import { ReasonModal } from '../../../components/ReasonModal';
import { messageOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { cancelDeviceTask, deviceTasksKey, getDeviceTasks, retryDeviceTask, type DeviceTask } from '../api/deviceTasks';
import { PushFirmwareModal } from './PushFirmwareModal';

const STATE_COLOR: Record<DeviceTask['state'], string> = { pending: 'orange', applied: 'green', failed: 'red', cancelled: 'default' };
const when = (iso: string) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

export function DeviceTasksPanel() {
  const [customNum, setCustomNum] = useState('');
  const [acting, setActing] = useState<{ task: DeviceTask; action: 'retry' | 'cancel' } | null>(null);
  const [pushing, setPushing] = useState(false);
  const { message } = App.useApp();
  const qc = useQueryClient();
  const tasks = useQuery({
    queryKey: deviceTasksKey(customNum),
    queryFn: () => getDeviceTasks(customNum),
    enabled: customNum !== '',
    retry: false,
  });
  const d = tasks.data;

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="WiFi设备任务">
        <Input.Search
          aria-label="卡号"
          placeholder="输入设备中的卡号"
          enterButton="查询"
          allowClear
          style={{ maxWidth: 420 }}
          onSearch={(v) => {
            // the same card again: ask again (a router may have called in since)
            if (v.trim() === customNum) void tasks.refetch();
            else setCustomNum(v.trim());
          }}
        />
      </Card>
      {tasks.isError && <Alert type="warning" showIcon title={messageOf(tasks.error)} />}
      {d && (
        <Card
          title={`${d.model_name} · 序列号 ${d.serial}`}
          extra={
            // a model whose map declares no download offers no firmware (docs/decisions/0040-firmware-through-the-acs.md)
            d.can_firmware && <Button onClick={() => setPushing(true)}>推送固件</Button>
          }
        >
          <Descriptions column={3} size="small">
            <Descriptions.Item label="状态">{d.online ? <Tag color="green">在线</Tag> : <Tag>离线</Tag>}</Descriptions.Item>
            <Descriptions.Item label="管理平台">{d.acs ? `ACS：${d.acs}` : '设备模拟器'}</Descriptions.Item>
            <Descriptions.Item label="最近上报">{d.acs ? when(d.last_inform) : '—'}</Descriptions.Item>
            <Descriptions.Item label="固件版本">{d.firmware || '未知'}</Descriptions.Item>
            <Descriptions.Item label="型号标识">{d.model_key}</Descriptions.Item>
            <Descriptions.Item label="远程升级">{d.can_firmware ? '支持' : '该型号不支持'}</Descriptions.Item>
          </Descriptions>
          <Table<DeviceTask>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={d.items}
            locale={{ emptyText: '该设备还没有任务' }}
            columns={[
              { title: '时间', dataIndex: 'created_at', render: when, width: 170 },
              { title: '任务', dataIndex: 'summary' },
              { title: '发起人', dataIndex: 'requested_by', width: 110 },
              {
                title: '状态',
                dataIndex: 'state',
                width: 220,
                render: (_, t) => (
                  <Space direction="vertical" size={0}>
                    <Tag color={STATE_COLOR[t.state]}>{t.state_text}</Tag>
                    {t.reason && <Typography.Text type="danger">{t.reason}</Typography.Text>}
                    {t.fault_code && <Typography.Text type="secondary">故障码 {t.fault_code}</Typography.Text>}
                  </Space>
                ),
              },
              {
                title: '操作',
                width: 120,
                render: (_, t) => (
                  <Space>
                    {t.can_retry && (
                      <Button size="small" onClick={() => setActing({ task: t, action: 'retry' })}>
                        重试
                      </Button>
                    )}
                    {t.can_cancel && (
                      <Button size="small" danger onClick={() => setActing({ task: t, action: 'cancel' })}>
                        撤销
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
      {pushing && d && (
        <PushFirmwareModal
          device={d}
          onDone={(n) => {
            void message.success(`已向 ${n} 台设备推送固件`);
            // the card's tasks and the lists under them (设备列表, 固件推送)
            void qc.invalidateQueries({ queryKey: queryKeys.deviceTasks.all });
          }}
          onClose={() => setPushing(false)}
        />
      )}
      {acting && d && (
        <ReasonModal<{ reason: string }>
          title={`${acting.action === 'retry' ? '重试' : '撤销'}任务：${acting.task.summary}`}
          okText={acting.action === 'retry' ? '确认重试' : '确认撤销'}
          danger={acting.action === 'cancel'}
          intro={
            <Typography.Paragraph type="secondary">
              {acting.action === 'retry'
                ? '设备将在下次联网时重新执行该任务；用户在设备页面上会看到它回到“待生效”。'
                : '撤销后设备不会再执行该任务；用户在设备页面上会看到“已撤销”。'}
            </Typography.Paragraph>
          }
          onConfirm={(v) =>
            acting.action === 'retry'
              ? retryDeviceTask(d.custom_num, acting.task.id, v.reason)
              : cancelDeviceTask(d.custom_num, acting.task.id, v.reason)
          }
          onDone={() => {
            void message.success(acting.action === 'retry' ? '已提交重试' : '已撤销该任务');
            void qc.invalidateQueries({ queryKey: queryKeys.deviceTasks.all });
          }}
          onClose={() => setActing(null)}
        />
      )}
    </Space>
  );
}
