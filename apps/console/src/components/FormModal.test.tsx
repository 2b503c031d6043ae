// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { ApiError } from '../lib/api';
import { renderConsole } from '../test/render';
import { DescriptionField, FormModal, NameField, type Save } from './FormModal';

interface Fields {
  name: string;
  description?: string;
  reason: string;
}

function SeriesForm({ save, onClose, initial = {} }: { save: Save<Fields>; onClose: () => void; initial?: object }) {
  const [form] = Form.useForm<Fields>();
  return (
    <FormModal<Fields> title="新建套餐系列" form={form} initialValues={initial} save={save} onClose={onClose}>
      <NameField label="系列名称" required="请填写系列名称" />
      <DescriptionField />
    </FormModal>
  );
}

const idle = (): Save<Fields> => ({ mutate: vi.fn(), isPending: false, error: null });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('FormModal', () => {
  it('checks every field and the reason at the field, and saves nothing until they pass', async () => {
    const save = idle();
    renderConsole(<SeriesForm save={save} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('请填写系列名称');
    await screen.findByText('请填写原因');
    expect(save.mutate).not.toHaveBeenCalled();

    type('系列名称', '系'.repeat(41));
    type('原因', '改');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('最多 40 字');
    await screen.findByText('原因至少 2 个字');
    expect(save.mutate).not.toHaveBeenCalled();
  });

  it('saves the fields with the reason, starting from the initial values', async () => {
    const save = idle();
    renderConsole(<SeriesForm save={save} onClose={vi.fn()} initial={{ name: '畅享系列' }} />);
    type('说明', '年卡');
    type('原因', '上新');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(save.mutate).toHaveBeenCalledTimes(1));
    expect(save.mutate).toHaveBeenCalledWith({ name: '畅享系列', description: '年卡', reason: '上新' });
  });

  it('shows the server’s refusal above the fields and stays open; 取消 closes', () => {
    const onClose = vi.fn();
    renderConsole(<SeriesForm save={{ ...idle(), error: new ApiError('系列名称已存在', 400) }} onClose={onClose} />);
    expect(screen.getByText('系列名称已存在')).toBeTruthy();
    expect(screen.getByText('新建套餐系列')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('an unexpected error reads as the generic failure, never its internals', () => {
    renderConsole(<SeriesForm save={{ ...idle(), error: new TypeError('x is undefined') }} onClose={vi.fn()} />);
    expect(screen.getByText('操作失败，请稍后重试')).toBeTruthy();
    expect(screen.queryByText('x is undefined')).toBeNull();
  });
});
