import { useRef } from 'react';

/**
 * A handler that does nothing while its previous call is still running, its confirm dialog
 * included: a double tap on 保存设置, 切换, 重启 or 去支付 opens one dialog and sends one request.
 * A ref, not state: two taps land before React re-renders a disabled button.
 */
export function useSingleFlight<A extends unknown[]>(fn: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await fn(...args);
    } finally {
      running.current = false;
    }
  };
}
