// 调价：<agent> · <package>: the retail price never below the cost (the cost the platform's to set), and the margin as it will be.
import { Form, InputNumber, Typography } from 'antd';
import { marginOf } from '@portal/contract/admin';
import { FormModal } from '../../../components/FormModal';
import { yuan } from '../../../lib/format';
import { RETAIL_RULES, toFen, toYuan } from '../../../lib/zodRule';
import type { Package as Row } from '../api/getPackages';
import { useSavePrice, type PriceFields } from '../api/savePrice';
import { PriceConfirmField } from './fields';

export function PriceModal({ row, canCost, onClose }: { row: Row; canCost: boolean; onClose: () => void }) {
  const [form] = Form.useForm<PriceFields>();
  const cost = Form.useWatch('cost', form) ?? toYuan(row.cost_fen);
  const retail = Form.useWatch('retail', form) ?? toYuan(row.retail_fen);
  const m = useSavePrice(row.id, canCost, onClose);
  const margin = marginOf(toFen(cost), toFen(retail));
  return (
    <FormModal
      title={`调价：${row.agent_name} · ${row.name}`}
      form={form}
      initialValues={{ cost: toYuan(row.cost_fen), retail: toYuan(row.retail_fen) }}
      save={m}
      onClose={onClose}
      reasonLabel="调价原因"
    >
      <Form.Item
        name="cost"
        label="成本价（元）"
        extra={canCost ? undefined : '成本价由平台设置'}
        rules={[{ required: true, message: '请填写成本价' }]}
      >
        <InputNumber min={0} precision={2} disabled={!canCost} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item
        name="retail"
        label="零售价（元）"
        dependencies={['cost']}
        rules={[...RETAIL_RULES, { type: 'number', min: 0, message: '零售价不能为负数' }]}
      >
        <InputNumber min={0} precision={2} style={{ width: 200 }} />
      </Form.Item>
      <PriceConfirmField error={m.error} />
      <Typography.Paragraph>
        毛利：{yuan(margin.margin_fen)}
        {margin.margin_pct === null ? '' : `（${margin.margin_pct}%）`}
      </Typography.Paragraph>
    </FormModal>
  );
}
