// 新建 / 编辑优惠券包: the agent, name and price, and its vouchers (1–20).
import { Button, Form, InputNumber, Select, Space, Switch } from 'antd';
import { DescriptionField, FormModal, NameField } from '../../../components/FormModal';
import { PACKAGE_TYPE_OPTIONS } from '../../../components/packageTypes';
import type { CouponPackage } from '../api/getCouponPackages';
import { useSaveCouponPackage } from '../api/saveCouponPackage';
import { couponInitial, NEW_VOUCHER, type CouponFields } from '../model/couponForm';
import { AgentField } from './fields';

export function CouponModal({ value, onClose }: { value: Partial<CouponPackage>; onClose: () => void }) {
  const [form] = Form.useForm<CouponFields>();
  const m = useSaveCouponPackage(value.id, onClose);
  const initial = couponInitial(value);
  return (
    <FormModal
      width={680}
      title={value.id ? '编辑优惠券包' : '新建优惠券包'}
      form={form}
      initialValues={initial}
      save={m}
      onClose={onClose}
    >
      <Space size="large" align="start">
        <AgentField disabled={!!value.id} style={{ width: 220 }} />
        <NameField label="名称" required="请填写券包名称" style={{ width: 220 }} />
        <Form.Item name="price" label="售价（元）" rules={[{ required: true, message: '请填写售价' }]}>
          <InputNumber min={0} precision={2} />
        </Form.Item>
      </Space>
      <Form.List name="vouchers">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Space key={f.key} align="start">
                <Form.Item
                  name={[f.name, 'amount']}
                  label="面额（元）"
                  rules={[
                    { required: true, message: '请填写面额' },
                    { type: 'number', min: 0.01, message: '至少 0.01 元' },
                  ]}
                >
                  <InputNumber precision={2} />
                </Form.Item>
                <Form.Item name={[f.name, 'min_spend']} label="门槛（元）" rules={[{ required: true, message: '请填写门槛' }]}>
                  <InputNumber min={0} precision={2} />
                </Form.Item>
                <Form.Item name={[f.name, 'valid_days']} label="有效天数" rules={[{ required: true, message: '请填写天数' }]}>
                  <InputNumber min={1} max={3650} precision={0} />
                </Form.Item>
                <Form.Item name={[f.name, 'package_types']} label="限用类型">
                  <Select mode="multiple" allowClear style={{ width: 160 }} options={PACKAGE_TYPE_OPTIONS} />
                </Form.Item>
                <Button danger type="link" onClick={() => remove(f.name)} style={{ marginTop: 30 }} disabled={fields.length <= 1}>
                  删除
                </Button>
              </Space>
            ))}
            <Button onClick={() => add({ ...NEW_VOUCHER })} disabled={fields.length >= 20} style={{ marginBottom: 16 }}>
              添加一张券
            </Button>
          </>
        )}
      </Form.List>
      <DescriptionField />
      <Form.Item name="on_sale" label="在售" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
