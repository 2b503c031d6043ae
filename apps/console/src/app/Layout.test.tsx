// @vitest-environment happy-dom
// The signed-in frame when the session check fails: only a refused session (401) is a logout; a
// server or network failure says so with 重试 and keeps the operator where they are.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderConsole } from '../test/render';
import { Layout } from './Layout';

const operator = {
  id: 1,
  username: 'admin',
  display_name: '平台管理员',
  role: 'platform_admin',
  role_label: '平台管理员',
  agent: null,
  totp_enabled: false,
  permissions: ['self', 'dashboard.view'],
};

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <p>登录页</p> },
      { path: '/', element: <Layout />, children: [{ path: 'dashboard', element: <p>概览内容</p> }] },
    ],
    { initialEntries: [path] },
  );
  renderConsole(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

describe('Layout', () => {
  it('a server failure on the session check says so with 重试, which asks again and shows the page', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(503, { code: 50300, message: '服务繁忙，请稍后再试', data: null }))
      .mockResolvedValueOnce(answer(200, { code: 0, message: 'ok', data: operator }));
    vi.stubGlobal('fetch', fetch);
    const router = renderAt('/dashboard');
    await screen.findByText('暂时无法连接服务器');
    expect(screen.getByText('服务繁忙，请稍后再试')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('概览内容');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a refused session (401) goes to the login page', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(401, { code: 40100, message: '登录已过期，请重新登录', data: null })));
    const router = renderAt('/dashboard');
    await screen.findByText('登录页');
    expect(router.state.location.pathname).toBe('/login');
  });
});
