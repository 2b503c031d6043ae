// 新建 / 编辑套餐: series and type, flow and period, cost ≤ retail, and the switches.
import { Form, InputNumber, Select, Space, Switch } from 'antd';
import { DescriptionField, FormModal, NameField } from '../../../components/FormModal';
import { PACKAGE_TYPE_OPTIONS } from '../../../components/packageTypes';
import { useSeries } from '../../../lib/selectOptions';
import { RETAIL_RULES } from '../../../lib/zodRule';
import type { Package } from '../api/getPackages';
import { useSavePackage } from '../api/savePackage';
import { packageInitial, type PackageFields } from '../model/packageForm';
import { PriceConfirmField } from './fields';

export function PackageModal({ value, onClose }: { value: Partial<Package>; onClose: () => void }) {
  const [form] = Form.useForm<PackageFields>();
  const series = useSeries();
  const m = useSavePackage(value.id, onClose);
  const initial = packageInitial(value);
  return (
    <FormModal width={640} title={value.id ? '编辑套餐' : '新建套餐'} form={form} initialValues={initial} save={m} onClose={onClose}>
      <Space size="large" align="start">
        <Form.Item name="series_id" label="套餐系列" rules={[{ required: true, message: '请选择套餐系列' }]} style={{ width: 260 }}>
          <Select options={(series.data?.items ?? []).map((s) => ({ value: s.id, label: `${s.agent_name} · ${s.name}` }))} />
        </Form.Item>
        <Form.Item name="package_type" label="套餐类型" rules={[{ required: true, message: '请选择套餐类型' }]} style={{ width: 260 }}>
          <Select options={PACKAGE_TYPE_OPTIONS} />
        </Form.Item>
      </Space>
      <NameField label="名称" required="请填写套餐名称" />
      <Space size="large" align="start">
        <Form.Item name="flow_mb" label="流量（MB）" rules={[{ required: true, message: '请填写流量' }]}>
          <InputNumber min={0} precision={0} />
        </Form.Item>
        <Form.Item name="period_count" label="周期" rules={[{ required: true, message: '请填写周期' }]}>
          <InputNumber min={1} max={36} precision={0} />
        </Form.Item>
        <Form.Item name="period" label="单位">
          <Select
            style={{ width: 100 }}
            options={[
              { value: 1, label: '天' },
              { value: 2, label: '月' },
            ]}
          />
        </Form.Item>
      </Space>
      <Space size="large" align="start">
        <Form.Item name="cost" label="成本价（元）" rules={[{ required: true, message: '请填写成本价' }]}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="retail" label="零售价（元）" dependencies={['cost']} rules={RETAIL_RULES}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
        <Form.Item name="original" label="划线价（元）">
          <InputNumber min={0} precision={2} />
        </Form.Item>
      </Space>
      <PriceConfirmField error={m.error} />
      <DescriptionField />
      <Space size="large">
        <Form.Item name="on_sale" label="在售" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="recommended" label="推荐" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="voucher_allowed" label="可用优惠券" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
