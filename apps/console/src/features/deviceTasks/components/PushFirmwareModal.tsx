// 推送固件 (docs/decisions/0040-firmware-through-the-acs.md): support picks an image registered for the
// device's model and, if they like, more cards whose devices are of the same model; the server
// checks every device (its model, a pending upgrade, the version it runs) before anything is sent.
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Select, Typography } from 'antd';
import { ReasonModal } from '../../../components/ReasonModal';
import { messageOf } from '../../../lib/api';
import { cardNumbersOf, firmwareKey, getFirmware, pushFirmware, sizeText } from '../api/firmware';
import type { DeviceTasks } from '../api/deviceTasks';

interface Values {
  firmware_id: number;
  also?: string;
  reason: string;
}

export function PushFirmwareModal(p: { device: DeviceTasks; onDone: (pushed: number) => void; onClose: () => void }) {
  const d = p.device;
  const catalogue = useQuery({ queryKey: firmwareKey(d.model_key), queryFn: () => getFirmware(d.model_key), retry: false });
  const images = (catalogue.data?.items ?? []).filter((i) => !i.withdrawn_at);
  return (
    <ReasonModal<Values>
      title={`推送固件：${d.model_name}`}
      okText="确认推送"
      intro={
        <Typography.Paragraph type="secondary">
          当前固件 {d.firmware || '未知'}。设备在线时立即开始下载，离线时等它上线；升级期间设备会重启，用户页面显示“设备升级中，请勿断电”。
        </Typography.Paragraph>
      }
      reasonLabel="推送原因"
      onConfirm={(v) => pushFirmware(d.custom_num, cardNumbersOf(v.also ?? ''), v.firmware_id, v.reason)}
      onDone={(answer) => p.onDone((answer as { items: unknown[] }).items.length)}
      onClose={p.onClose}
    >
      {catalogue.isError && <Alert type="warning" showIcon title={messageOf(catalogue.error)} style={{ marginBottom: 12 }} />}
      {catalogue.isSuccess && images.length === 0 && (
        <Alert
          type="info"
          showIcon
          title={`固件库里还没有 ${d.model_key} 可用的固件，请平台管理员先在“固件库”登记`}
          style={{ marginBottom: 12 }}
        />
      )}
      <Form.Item name="firmware_id" label="固件" rules={[{ required: true, message: '请选择固件' }]}>
        <Select
          aria-label="固件"
          placeholder="选择该型号登记的固件"
          loading={catalogue.isLoading}
          options={images.map((i) => ({
            value: i.id,
            disabled: i.version === d.firmware,
            label: `${i.version}（${i.file_name}，${sizeText(i.size_bytes)}）${i.version === d.firmware ? ' · 当前版本' : ''}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="also" label="同型号的其他设备（可不填）" extra="填卡号，每行一个；每台设备都会先检查型号和是否已有待执行的升级">
        <Input.TextArea aria-label="同型号的其他设备" rows={3} placeholder="每行一个卡号" />
      </Form.Item>
    </ReasonModal>
  );
}
