// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullToRefresh, pulled } from './PullToRefresh';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const touch = (y: number) => ({ touches: [{ clientY: y }] });

function pull(root: HTMLElement, fingerDy: number) {
  fireEvent.touchStart(root, touch(100));
  fireEvent.touchMove(root, touch(100 + fingerDy));
  fireEvent.touchEnd(root, { touches: [] });
}

describe('PullToRefresh', () => {
  it('follows the finger half way, never past three thresholds', () => {
    expect(pulled(60, 50)).toBe(30);
    expect(pulled(-40, 50)).toBe(0);
    expect(pulled(1000, 50)).toBe(150);
  });

  it('refreshes once when let go past the threshold, says so, and settles back', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const onRefresh = vi.fn(() => new Promise<void>((r) => (finish = r)));
    const { container } = render(
      <PullToRefresh onRefresh={onRefresh} threshold={50}>
        <p>内容</p>
      </PullToRefresh>,
    );
    const root = container.firstElementChild as HTMLElement;
    pull(root, 160);
    await act(async () => {});
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByText('加载中…')).toBeTruthy();
    // a second pull while it runs does nothing
    pull(root, 160);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByText('刷新成功')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(600));
    expect(screen.queryByText('刷新成功')).toBeNull();
  });

  it('does nothing for a short pull', async () => {
    const onRefresh = vi.fn(async () => {});
    const { container } = render(
      <PullToRefresh onRefresh={onRefresh}>
        <p>内容</p>
      </PullToRefresh>,
    );
    pull(container.firstElementChild as HTMLElement, 60);
    await act(async () => {});
    expect(onRefresh).not.toHaveBeenCalled();
    expect(screen.queryByText('下拉刷新')).toBeNull();
  });
});
