// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError } from '../lib/api';
import { renderConsole } from '../test/render';
import { NamedSelect } from './NamedSelect';

interface Thing {
  id: number;
  name: string;
}
const things: Thing[] = [
  { id: 7, name: '示范通信' },
  { id: 9, name: '极客通信' },
];
const label = (t: Thing) => `${t.name}（编号 ${t.id}）`;
const useThings = () => useQuery({ queryKey: ['things'], queryFn: async () => ({ items: things }) });
const useBroken = () =>
  useQuery<{ items: Thing[] }>({
    queryKey: ['broken'],
    queryFn: async () => {
      throw new ApiError('列表加载失败，请稍后重试', 500);
    },
  });

function open(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
}

describe('NamedSelect', () => {
  it('offers every option by its label, narrows by typed words, and answers the chosen id', async () => {
    const onChange = vi.fn();
    renderConsole(<NamedSelect useOptions={useThings} label={label} notFound="没有匹配的东西" aria-label="东西" onChange={onChange} />);
    open('东西');
    expect(await screen.findByText('示范通信（编号 7）')).toBeTruthy();
    expect(screen.getByText('极客通信（编号 9）')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: '东西' }), { target: { value: '极客' } });
    await waitFor(() => expect(screen.queryByText('示范通信（编号 7）')).toBeNull());
    fireEvent.click(screen.getByText('极客通信（编号 9）'));
    expect(onChange).toHaveBeenCalledWith(9);
  });

  it('says its not-found words when nothing matches, and the error when the list cannot be read', async () => {
    renderConsole(<NamedSelect useOptions={useThings} label={label} notFound="没有匹配的东西" aria-label="东西" />);
    open('东西');
    await screen.findByText('示范通信（编号 7）');
    fireEvent.change(screen.getByRole('combobox', { name: '东西' }), { target: { value: '不存在' } });
    expect(await screen.findByText('没有匹配的东西')).toBeTruthy();

    renderConsole(<NamedSelect useOptions={useBroken} label={label} notFound="没有匹配的东西" aria-label="坏的" />);
    open('坏的');
    expect(await screen.findByText('列表加载失败，请稍后重试')).toBeTruthy();
  });

  it('shows the chosen value by its label', async () => {
    renderConsole(<NamedSelect useOptions={useThings} label={label} notFound="没有匹配的东西" aria-label="东西" value={7} />);
    expect(await screen.findByText('示范通信（编号 7）')).toBeTruthy();
  });
});
