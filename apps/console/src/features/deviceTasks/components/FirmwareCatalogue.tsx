// 固件库 (docs/decisions/0040-firmware-through-the-acs.md): the images support may push, per model. The
// platform administrator registers one (model from the models the device gateways know, the version
// the router will report, the file's name on the ACS's file server) and withdraws one; both audited.
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { FormModal } from '../../../components/FormModal';
import { ReasonModal } from '../../../components/ReasonModal';
import { queryKeys } from '../../../lib/queryKeys';
import { messageOf } from '../../../lib/api';
import { allows, useOperator } from '../../../lib/session';
import {
  firmwareKey,
  getFirmware,
  registerFirmware,
  sizeText,
  withdrawFirmware,
  type FirmwareImage,
  type NewFirmwareValues,
} from '../api/firmware';

const when = (iso: string) => (iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—');

export function FirmwareCatalogue() {
  const { data: op } = useOperator();
  const canManage = allows(op, 'firmware.manage');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState<FirmwareImage | null>(null);
  const [form] = Form.useForm<NewFirmwareValues>();
  const list = useQuery({ queryKey: firmwareKey(), queryFn: () => getFirmware(), retry: false });
  const refresh = () => qc.invalidateQueries({ queryKey: queryKeys.firmware.all });
  const save = useMutation({
    mutationFn: registerFirmware,
    onSuccess: () => {
      void message.success('已登记固件');
      setAdding(false);
      void refresh();
    },
  });
  const models = list.data?.models ?? [];

  return (
    <Card
      title="固件库"
      extra={
        canManage && (
          <Button type="primary" onClick={() => setAdding(true)}>
            登记固件
          </Button>
        )
      }
    >
      {list.isError && <Alert type="warning" showIcon title={messageOf(list.error)} />}
      <Table<FirmwareImage>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        pagination={false}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: '还没有登记固件' }}
        columns={[
          {
            title: '型号',
            dataIndex: 'model',
            render: (_, i) => (
              <Space direction="vertical" size={0}>
                <span>{i.model_name || i.model}</span>
                {i.model_name && i.model_name !== i.model && <Typography.Text type="secondary">{i.model}</Typography.Text>}
              </Space>
            ),
          },
          { title: '版本', dataIndex: 'version' },
          { title: '文件名', dataIndex: 'file_name' },
          { title: '大小', dataIndex: 'size_bytes', render: (b: number) => sizeText(b), width: 100 },
          { title: '说明', dataIndex: 'notes' },
          { title: '登记', dataIndex: 'created_at', width: 170, render: (_, i) => `${when(i.created_at)} ${i.created_by}` },
          {
            title: '状态',
            width: 140,
            render: (_, i) =>
              i.withdrawn_at ? (
                <Tag>已下架</Tag>
              ) : (
                <Space>
                  <Tag color="green">可推送</Tag>
                  {canManage && (
                    <Button size="small" danger onClick={() => setWithdrawing(i)}>
                      下架
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {adding && (
        <FormModal<NewFirmwareValues>
          title="登记固件"
          width={560}
          form={form}
          initialValues={{}}
          save={save}
          onClose={() => setAdding(false)}
          reasonLabel="登记原因"
        >
          <Form.Item name="model" label="设备型号" rules={[{ required: true, message: '请选择设备型号' }]}>
            <Select
              aria-label="设备型号"
              placeholder="选择型号"
              options={models.map((m) => ({
                value: m.key,
                disabled: !m.firmware,
                label: `${m.name}${m.name !== m.key ? `（${m.key}）` : ''}${m.firmware ? '' : ' · 不支持远程升级'}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="version"
            label="版本号"
            extra="与设备升级后上报的软件版本（SoftwareVersion）一致，用来确认升级完成"
            rules={[{ required: true, message: '请填写版本号' }]}
          >
            <Input aria-label="版本号" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="file_name"
            label="文件名"
            extra="固件在 ACS 文件服务器上的名称；设备从 ACS 下载它"
            rules={[{ required: true, message: '请填写文件名' }]}
          >
            <Input aria-label="文件名" maxLength={128} />
          </Form.Item>
          <Form.Item name="url" label="来源地址（可不填）">
            <Input aria-label="来源地址" placeholder="https://" maxLength={500} />
          </Form.Item>
          <Form.Item name="size_mb" label="文件大小（MB）" rules={[{ required: true, message: '请填写文件大小' }]}>
            <InputNumber aria-label="文件大小" min={0.1} max={1900} step={0.1} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="notes" label="说明">
            <Input.TextArea aria-label="说明" rows={2} maxLength={500} />
          </Form.Item>
        </FormModal>
      )}
      {withdrawing && (
        <ReasonModal<{ reason: string }>
          title={`下架固件：${withdrawing.model_name || withdrawing.model} ${withdrawing.version}`}
          okText="确认下架"
          danger
          intro={<Typography.Paragraph type="secondary">下架后不能再推送该固件；已推送的升级不受影响。</Typography.Paragraph>}
          reasonLabel="下架原因"
          onConfirm={(v) => withdrawFirmware(withdrawing.id, v.reason)}
          onDone={() => {
            void message.success('已下架');
            void refresh();
          }}
          onClose={() => setWithdrawing(null)}
        />
      )}
    </Card>
  );
}
