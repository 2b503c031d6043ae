// 停用 / 启用 a carrier account, with the reason (audited).
import { useQueryClient } from '@tanstack/react-query';
import { App, Typography } from 'antd';
import { ReasonModal } from '../../../components/ReasonModal';
import { invalidateCarrierAccounts, type CarrierAccount } from '../api/getCarrierAccounts';
import { setCarrierAccountEnabled } from '../api/setEnabled';

const NOTE = {
  disable: '停用后不再同步该账号下的卡，也不再调用该平台；卡片页显示已保存的数据及其时间。',
  enable: '启用后下一轮同步即恢复调用该平台，之前的连续失败记录随之清除。',
};
const FILE_NOTE = '该账号来自配置文件：服务下次启动时将按配置文件恢复其启用状态。';

export function EnableModal({ row, onClose }: { row: CarrierAccount; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const enable = !row.enabled;
  const title = enable ? '启用' : '停用';
  return (
    <ReasonModal<{ reason: string }>
      title={`${title}运营商账号：${row.name}`}
      okText={`确认${title}`}
      danger={!enable}
      intro={
        <Typography.Paragraph type="secondary">
          {enable ? NOTE.enable : NOTE.disable}
          {row.source === 'file' ? FILE_NOTE : null}
        </Typography.Paragraph>
      }
      onConfirm={(v) => setCarrierAccountEnabled(row, enable, v.reason)}
      onDone={() => {
        void message.success(`已${title}运营商账号 ${row.name}`);
        void invalidateCarrierAccounts(qc);
      }}
      onClose={onClose}
    />
  );
}
