import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { setOnUnauthorized } from './lib/api';

dayjs.locale('zh-cn');

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } } });

// a session that ended (idle, logout elsewhere, password changed): back to the login page
setOnUnauthorized(() => {
  queryClient.removeQueries();
  if (!window.location.pathname.startsWith('/admin/login')) void router.navigate('/login', { replace: true });
});

// An operator whose system asks for less motion gets none: no opening, folding or zooming
// animations (WCAG 2.3.3). The journeys browse that way too, so no click lands mid-animation.
const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#127EFF', motion: !reducedMotion } }} button={{ autoInsertSpace: false }}>
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>
  </ConfigProvider>,
);
