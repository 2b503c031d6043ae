// 新建 / 编辑套餐系列.
import { Form, InputNumber } from 'antd';
import { DescriptionField, FormModal, NameField } from '../../../components/FormModal';
import type { Series } from '../api/getSeries';
import { useSaveSeries } from '../api/saveSeries';
import { AgentField } from './fields';

export function SeriesModal({ value, onClose }: { value: Partial<Series>; onClose: () => void }) {
  const [form] = Form.useForm();
  const m = useSaveSeries(value.id, onClose);
  return (
    <FormModal
      title={value.id ? '编辑套餐系列' : '新建套餐系列'}
      form={form}
      initialValues={{ sort: 0, ...value }}
      save={m}
      onClose={onClose}
    >
      <AgentField disabled={!!value.id} />
      <NameField label="系列名称" required="请填写系列名称" />
      <DescriptionField />
      <Form.Item name="sort" label="排序">
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </FormModal>
  );
}
