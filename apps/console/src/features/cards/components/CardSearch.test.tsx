// @vitest-environment happy-dom
// The card search's filters for each role: the 套餐系列 picker reads the catalogue's series list
// (prices.view), so a role that sees cards but not the catalogue (support) is offered no picker and
// its page asks the server for nothing it would refuse.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { renderConsole } from '../../../test/render';
import { CardSearch } from './CardSearch';

const operator = (role: string, permissions: string[]) => ({
  id: 1,
  username: role,
  display_name: role,
  role,
  role_label: role,
  agent: null,
  totp_enabled: false,
  permissions,
});

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server as a role sees it: its session, an empty card list, and the series list by prices.view. */
function serverFor(op: ReturnType<typeof operator>) {
  return vi.fn(async (url: string) => {
    const path = new URL(url, 'http://console.test').pathname;
    if (path === '/api/admin/session') return answer(200, { code: 0, message: 'ok', data: op });
    if (path === '/api/admin/catalogue/series')
      return op.permissions.includes('prices.view')
        ? answer(200, { code: 0, message: 'ok', data: { items: [] } })
        : answer(403, { code: 40300, message: '当前账号无权进行此操作', data: null });
    if (path === '/api/admin/cards') return answer(200, { code: 0, message: 'ok', data: { items: [], next_after_id: null } });
    return answer(404, { code: 40400, message: '未找到', data: null });
  });
}

const calledPaths = (fetch: ReturnType<typeof serverFor>) => fetch.mock.calls.map(([url]) => new URL(url, 'http://console.test').pathname);

async function show(op: ReturnType<typeof operator>) {
  const fetch = serverFor(op);
  vi.stubGlobal('fetch', fetch);
  renderConsole(
    <MemoryRouter>
      <CardSearch />
    </MemoryRouter>,
  );
  await screen.findByText('没有符合条件的卡片');
  // the session has answered once the list has (both are asked at once)
  await vi.waitFor(() => expect(calledPaths(fetch)).toContain('/api/admin/session'));
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('CardSearch filters by role', () => {
  it('support (cards, no catalogue) gets no 套餐系列 picker and never asks for the series list', async () => {
    const fetch = await show(operator('support', ['self', 'cards.view', 'cards.story', 'cards.assist']));
    expect(screen.getAllByText('状态').length).toBeGreaterThan(0);
    expect(screen.queryByText('套餐系列')).toBeNull();
    expect(calledPaths(fetch)).not.toContain('/api/admin/catalogue/series');
  });

  it('a platform administrator gets the 套餐系列 picker, filled from the series list', async () => {
    const fetch = await show(operator('platform_admin', ['self', 'cards.view', 'cards.story', 'cards.manage', 'prices.view']));
    await screen.findByText('套餐系列');
    await vi.waitFor(() => expect(calledPaths(fetch)).toContain('/api/admin/catalogue/series'));
  });
});
