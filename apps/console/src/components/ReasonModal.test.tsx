// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, InputNumber } from 'antd';
import { ApiError } from '../lib/api';
import { renderConsole } from '../test/render';
import { ReasonModal, reasonRules } from './ReasonModal';

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const confirm = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('ReasonModal', () => {
  it('asks for the reason in the field’s own words, 2–200 characters, before anything is sent', async () => {
    const onConfirm = vi.fn(async () => ({}));
    renderConsole(
      <ReasonModal
        title="驳回申请：张三"
        okText="确认驳回"
        danger
        reasonLabel="驳回原因（申请人可见）"
        onConfirm={onConfirm}
        onClose={vi.fn()}
      />,
    );
    confirm('确认驳回');
    await screen.findByText('请填写驳回原因');
    type('驳回原因（申请人可见）', '   ');
    confirm('确认驳回');
    await screen.findByText('请填写驳回原因');
    type('驳回原因（申请人可见）', '否');
    confirm('确认驳回');
    await screen.findByText('原因至少 2 个字');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('sends the trimmed reason with the page’s own fields, then says done and closes', async () => {
    const onConfirm = vi.fn(async (v: { amount: number; reason: string }) => ({ balance_fen: v.amount * 100 }));
    const onDone = vi.fn();
    const onClose = vi.fn();
    function Adjust() {
      const [form] = Form.useForm<{ amount: number; reason: string }>();
      return (
        <ReasonModal<{ amount: number; reason: string }>
          title="调整余额：1000000001"
          okText="确认调整"
          reasonLabel="调整原因"
          form={form}
          initialValues={{ amount: 10 }}
          onConfirm={onConfirm}
          onDone={onDone}
          onClose={onClose}
        >
          <Form.Item name="amount" label="调整金额">
            <InputNumber />
          </Form.Item>
        </ReasonModal>
      );
    }
    renderConsole(<Adjust />);
    type('调整原因', '  网络故障补偿  ');
    confirm('确认调整');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledWith({ amount: 10, reason: '网络故障补偿' });
    expect(onDone).toHaveBeenCalledWith({ balance_fen: 1000 });
  });

  it('a refusal shows the server’s words and the dialog stays open for another try', async () => {
    const onConfirm = vi.fn().mockRejectedValueOnce(new ApiError('该订单已退款', 409)).mockResolvedValueOnce({});
    const onClose = vi.fn();
    renderConsole(<ReasonModal title="退款：P1" okText="确认退款" danger reasonLabel="退款原因" onConfirm={onConfirm} onClose={onClose} />);
    type('退款原因', '客户误购');
    confirm('确认退款');
    await screen.findByText('该订单已退款');
    expect(onClose).not.toHaveBeenCalled();
    confirm('确认退款');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('a double click confirms once: one request, one 已… (onDone), however fast the second click', async () => {
    let answer: (v: unknown) => void = () => {};
    const onConfirm = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderConsole(
      <ReasonModal
        title="通过：发放优惠券"
        okText="通过并执行"
        reasonLabel="审批意见"
        onConfirm={onConfirm}
        onDone={onDone}
        onClose={onClose}
      />,
    );
    type('审批意见', '已电话核实，同意');
    // both clicks land before the first validation has ended, as a real double click does
    confirm('通过并执行');
    confirm('通过并执行');
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    answer({ outcome: '已发放 1 张券' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('after a refused field the next click is heard', async () => {
    const onConfirm = vi.fn(async () => ({}));
    renderConsole(<ReasonModal title="驳回" okText="确认" reasonLabel="驳回原因" onConfirm={onConfirm} onClose={vi.fn()} />);
    confirm('确认');
    await screen.findByText('请填写驳回原因');
    type('驳回原因', '金额有误');
    confirm('确认');
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });

  it('an optional reason may be empty but not longer than 200 characters', async () => {
    const onConfirm = vi.fn(async () => ({}));
    renderConsole(<ReasonModal title="解锁" okText="确认" reasonRequired={false} onConfirm={onConfirm} onClose={vi.fn()} />);
    confirm('确认');
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ reason: '' }));
  });

  it('取消 closes without sending', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderConsole(<ReasonModal title="停用" okText="确认停用" onConfirm={onConfirm} onClose={onClose} />);
    confirm('取消');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('reasonRules', () => {
  it.each([
    ['原因', '请填写原因'],
    ['退款原因', '请填写退款原因'],
    ['驳回原因（申请人可见）', '请填写驳回原因'],
  ])('%s → %s', (label, message) => expect(reasonRules(label)[0]).toMatchObject({ required: true, message }));
});
