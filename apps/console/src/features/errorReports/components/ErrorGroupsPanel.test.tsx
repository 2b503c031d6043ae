// @vitest-environment happy-dom
// 手机端错误's 最新版本 is the release the server serves (served_release), not the newest a phone
// named (docs/decisions/0057): a phone claiming a newer release moves the list, never the label.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { renderConsole } from '../../../test/render';
import { ErrorGroupsPanel } from './ErrorGroupsPanel';

const release = (name: string, count: number, served: boolean) => ({
  release: name,
  first_seen_at: '2026-12-01T08:00:00.000Z',
  last_seen_at: '2026-12-01T09:00:00.000Z',
  count,
  groups: count,
  served,
});

function stubGroups(answer: AdminAnswerOf<'adminErrorGroups'>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 0, message: 'ok', data: answer }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const statistic = async (title: string) => {
  const label = await screen.findByText(title, { selector: '.ant-statistic-title' });
  return within(label.closest('.ant-statistic') as HTMLElement);
};

describe('ErrorGroupsPanel', () => {
  it('shows the served release as 最新版本, with its counts, whatever a phone claims', async () => {
    stubGroups({ served_release: 'B7kq2xY9', releases: [release('zzzz-claimed', 99, false), release('B7kq2xY9', 4, true)], items: [] });
    renderConsole(<ErrorGroupsPanel />);
    expect(await (await statistic('最新版本')).findByText('B7kq2xY9')).toBeTruthy();
    expect((await statistic('最新版本错误次数')).getByText('4')).toBeTruthy();
  });

  it('says — when the server serves no build', async () => {
    stubGroups({ served_release: null, releases: [release('zzzz-claimed', 99, false)], items: [] });
    renderConsole(<ErrorGroupsPanel />);
    expect(await (await statistic('最新版本')).findByText('—')).toBeTruthy();
    expect(screen.queryByText('zzzz-claimed', { selector: '.ant-statistic-content-value' })).toBeNull();
  });
});
