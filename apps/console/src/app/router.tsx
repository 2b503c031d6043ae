// The console's routes under /admin: the login page, and every page of ./pages.tsx inside the
// signed-in layout, each loaded when first opened. While the first page's code loads, the console
// shows its spinner (the router's HydrateFallback; without one it renders nothing and warns).
import { Spin } from 'antd';
import { createBrowserRouter, Navigate } from 'react-router';
import { PAGES } from './pages';
import { Layout } from './Layout';

function FirstPageLoading() {
  return <Spin size="large" fullscreen description="加载中…" />;
}

export const router = createBrowserRouter(
  [
    {
      HydrateFallback: FirstPageLoading,
      children: [
        { path: '/login', lazy: () => import('../pages/Login').then((m) => ({ Component: m.default })) },
        {
          path: '/',
          Component: Layout,
          children: [
            { index: true, element: <Navigate to="/dashboard" replace /> },
            ...PAGES.map((p) => ({ path: p.path, lazy: () => p.load().then((m) => ({ Component: m.default })) })),
            { path: '*', element: <Navigate to="/dashboard" replace /> },
          ],
        },
      ],
    },
  ],
  { basename: '/admin' },
);
