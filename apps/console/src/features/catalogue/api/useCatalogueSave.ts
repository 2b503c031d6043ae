import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { sayHeld } from '../../../lib/heldForApproval';

/** A catalogue row's save: 已保存, the lists under `keys` asked again, then `done` (the modal closes). */
export function useCatalogueSave<T>(fn: (v: T) => Promise<unknown>, keys: readonly QueryKey[], done: () => void) {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  return useMutation({
    mutationFn: fn,
    onSuccess: (a) => {
      // a price above the platform's limit waits for a second approver: not 已保存
      if (!sayHeld(modal, a)) message.success('已保存');
      for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
      done();
    },
  });
}
