// The dialog of 新建代理商 and 新建下级代理: 新建 waits for the server, a refusal shows above the fields.
import { Alert, Modal } from 'antd';
import { messageOf } from '../../../lib/api';

export function NewAgentModal({
  title,
  saving,
  onClose,
  onOk,
  children,
}: {
  title: string;
  saving: { isPending: boolean; error: unknown };
  onClose: () => void;
  onOk: () => void;
  children: React.ReactNode;
}) {
  return (
    <Modal open title={title} okText="新建" cancelText="取消" onCancel={onClose} confirmLoading={saving.isPending} onOk={onOk}>
      {saving.error ? <Alert type="error" showIcon title={messageOf(saving.error)} style={{ marginBottom: 16 }} /> : null}
      {children}
    </Modal>
  );
}
