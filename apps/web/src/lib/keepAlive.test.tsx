// @vitest-environment happy-dom
// The kept pages on Preact (./keepAlive.tsx, docs/decisions/0079-the-h5-renders-with-preact.md): what
// React's <Activity> gave them — state and DOM kept while hidden, queries that wait, effects again on
// every show — and that these tests render with what ships.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import * as compat from 'preact/compat';
import * as React from 'react';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeepAlive, useShown } from './keepAlive';
import { queryClient, withQuery } from './query';

afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('KeepAlive', () => {
  it('runs on Preact, as the H5 does', () => {
    expect(React.useState).toBe(compat.useState);
  });

  it('keeps a hidden page with what was typed, out of the layout, and shows it again', () => {
    function Page() {
      const [text, setText] = useState('');
      return <input aria-label="备注" value={text} onChange={(e) => setText(e.target.value)} />;
    }
    const { container, rerender } = render(
      <KeepAlive shown>
        <Page />
      </KeepAlive>,
    );
    fireEvent.input(screen.getByLabelText('备注'), { target: { value: '家里' } });
    rerender(
      <KeepAlive shown={false}>
        <Page />
      </KeepAlive>,
    );
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper.style.display).toBe('none');
    rerender(
      <KeepAlive shown>
        <Page />
      </KeepAlive>,
    );
    expect(wrapper.style.display).toBe('contents');
    expect((screen.getByLabelText('备注') as HTMLInputElement).value).toBe('家里');
  });

  it('gives an effect that takes useShown() a run on every show and none while hidden', () => {
    const runs: boolean[] = [];
    function Page() {
      const shown = useShown();
      useEffect(() => {
        if (shown) runs.push(shown);
      }, [shown]);
      return null;
    }
    const { rerender } = render(
      <KeepAlive shown>
        <Page />
      </KeepAlive>,
    );
    for (const shown of [false, true, false, true])
      rerender(
        <KeepAlive shown={shown}>
          <Page />
        </KeepAlive>,
      );
    expect(runs).toEqual([true, true, true]);
  });

  it("holds a hidden page's queries, and fetches what went stale when it shows again", async () => {
    const fetchCard = vi.fn(() => Promise.resolve('卡片'));
    const Page = withQuery(function Card() {
      const card = useQuery({ queryKey: ['keepAlive', 'card'], queryFn: fetchCard });
      return <p>{card.data ?? '加载中'}</p>;
    });
    const at = (shown: boolean) => (
      <KeepAlive shown={shown}>
        <Page />
      </KeepAlive>
    );
    const { rerender } = render(at(true));
    await screen.findByText('卡片');
    expect(fetchCard).toHaveBeenCalledTimes(1);

    rerender(at(false));
    await act(() => queryClient.invalidateQueries({ queryKey: ['keepAlive'] }));
    expect(fetchCard).toHaveBeenCalledTimes(1);

    rerender(at(true));
    await waitFor(() => expect(fetchCard).toHaveBeenCalledTimes(2));
    expect(screen.getByText('卡片')).toBeTruthy();
  });
});
