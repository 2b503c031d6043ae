// 首充优惠：<agent>: on or off, 充值金额 and 赠送金额 (never above it), title and description.
import { Form, InputNumber, Space, Switch } from 'antd';
import { DescriptionField, FormModal, NameField } from '../../../components/FormModal';
import type { RechargeOffer } from '../api/getRechargeOffers';
import { useSaveRechargeOffer } from '../api/saveRechargeOffer';
import { offerInitial, type OfferFields } from '../model/offerForm';

export function OfferModal({ value, onClose }: { value: RechargeOffer; onClose: () => void }) {
  const [form] = Form.useForm<OfferFields>();
  const enabled = Form.useWatch('enabled', form) ?? !!value.offer;
  const m = useSaveRechargeOffer(value.agent_id, onClose);
  return (
    <FormModal title={`首充优惠：${value.agent_name}`} form={form} initialValues={offerInitial(value)} save={m} onClose={onClose}>
      <Form.Item name="enabled" label="启用首充优惠" valuePropName="checked">
        <Switch />
      </Form.Item>
      {enabled ? (
        <>
          <Space size="large" align="start">
            <Form.Item
              name="amount"
              label="充值金额（元）"
              rules={[
                { required: true, message: '请填写充值金额' },
                { type: 'number', min: 1, message: '至少 1 元' },
              ]}
            >
              <InputNumber precision={2} />
            </Form.Item>
            <Form.Item
              name="bonus"
              label="赠送金额（元）"
              dependencies={['amount']}
              rules={[
                { required: true, message: '请填写赠送金额' },
                ({ getFieldValue }) => ({
                  validator: async (_r, v: number) => {
                    if (typeof v === 'number' && v > getFieldValue('amount')) throw new Error('赠送金额不能高于充值金额');
                  },
                }),
              ]}
            >
              <InputNumber min={0.01} precision={2} />
            </Form.Item>
          </Space>
          <NameField name="title" label="标题" required="请填写标题" />
          <DescriptionField />
        </>
      ) : null}
    </FormModal>
  );
}
