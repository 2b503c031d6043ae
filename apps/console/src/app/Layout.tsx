// The signed-in frame: side menu of the pages the operator's role may open, header with the
// operator's name and role and 退出. A page the role may not open says so instead of showing.
import { Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Layout as AntLayout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { AppstoreOutlined, CreditCardOutlined, InboxOutlined, LogoutOutlined, SettingOutlined, WalletOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { matchPath, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PAGES, type PageEntry } from './pages';
import { groupOf, menuOf } from './menu';
import { ApiError, messageOf } from '../lib/api';
import { logout as endSession } from '../features/auth/api/login';
import { allows, useOperator } from '../lib/session';

const GROUP_ICON: Record<string, ReactNode> = {
  cards: <CreditCardOutlined />,
  goods: <AppstoreOutlined />,
  money: <WalletOutlined />,
  queues: <InboxOutlined />,
  system: <SettingOutlined />,
};

/** The page at a location: an exact pattern first (cards/:card), else the page it is under. */
function pageAt(pathname: string): PageEntry | undefined {
  return (
    PAGES.find((p) => matchPath({ path: `/${p.path}`, end: true }, pathname)) ??
    PAGES.find((p) => !p.path.includes(':') && pathname.startsWith(`/${p.path}/`))
  );
}

export function Layout() {
  const { data: op, isPending, error, refetch, isFetching } = useOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const current = pageAt(location.pathname);
  const selected = current ? (current.selects ?? current.path) : undefined;
  const currentGroup = selected ? groupOf(selected) : undefined;
  // the group of the page on screen is open (also after navigating from a link); others as left
  const [openKeys, setOpenKeys] = useState<string[]>(currentGroup ? [currentGroup] : []);
  useEffect(() => {
    if (currentGroup) setOpenKeys((keys) => (keys.includes(currentGroup) ? keys : [...keys, currentGroup]));
  }, [currentGroup]);

  if (isPending) return <Spin size="large" fullscreen description="加载中…" />;
  if (!op) {
    // Only a session the server refused (401) is a logout. A server or network that failed is said
    // as such, with 重试; and a failed re-check while the operator is known (op above) keeps the
    // page, so a blip never throws an operator out of their work.
    if (error instanceof ApiError && error.status !== 401)
      return (
        <Result
          status="warning"
          title="暂时无法连接服务器"
          subTitle={messageOf(error)}
          extra={
            <Button type="primary" loading={isFetching} onClick={() => void refetch()}>
              重试
            </Button>
          }
        />
      );
    return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  }

  const visible = PAGES.filter((p) => p.menu !== false && allows(op, p.permission));
  const byPath = new Map(visible.map((p) => [p.path, p]));
  const item = (path: string) => ({ key: path, icon: byPath.get(path)!.icon, label: byPath.get(path)!.title });
  const items = menuOf(visible.map((p) => p.path)).map((n) =>
    n.kind === 'page' ? item(n.path) : { key: n.key, icon: GROUP_ICON[n.key], label: n.title, children: n.pages.map(item) },
  );
  const denied = current && !allows(op, current.permission);

  const logout = async () => {
    try {
      await endSession();
    } catch (err) {
      message.error(messageOf(err));
    }
    queryClient.removeQueries();
    navigate('/login', { replace: true });
  };

  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      <AntLayout.Sider width={220} theme="dark" style={{ overflow: 'auto', height: '100vh', position: 'sticky', top: 0 }}>
        <div style={{ color: '#fff', fontSize: 18, fontWeight: 600, padding: '20px 24px' }}>流量卡运营后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          openKeys={openKeys}
          onOpenChange={setOpenKeys}
          items={items}
          onClick={({ key }) => navigate(`/${key}`)}
        />
      </AntLayout.Sider>
      <AntLayout>
        <AntLayout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '0 24px' }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {current?.title ?? ''}
          </Typography.Title>
          <Space size="middle">
            <span data-testid="operator-name">{op.display_name}</span>
            <Tag color="blue">{op.role_label}</Tag>
            {op.agent ? <Tag>{op.agent.name}</Tag> : null}
            <Button icon={<LogoutOutlined />} onClick={logout}>
              退出
            </Button>
          </Space>
        </AntLayout.Header>
        <AntLayout.Content style={{ margin: 24 }}>
          {denied ? (
            <Result status="403" title="无权访问" subTitle="当前账号无权查看此页面，如需开通请联系平台管理员" />
          ) : (
            <Suspense fallback={<Spin />}>
              <Outlet />
            </Suspense>
          )}
        </AntLayout.Content>
      </AntLayout>
    </AntLayout>
  );
}
