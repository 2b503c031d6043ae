// The signed-in frame: side menu of the pages the operator's role may open, header with the
// operator's name and role and 退出. A page the role may not open says so instead of showing.
import { Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Layout as AntLayout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { PAGES } from '../pages';
import { call, messageOf } from '../lib/api';
import { allows, useOperator } from '../lib/session';

export function Layout() {
  const { data: op, isPending, isError } = useOperator();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();

  if (isPending) return <Spin size="large" fullscreen tip="加载中…" />;
  if (isError || !op) return <Navigate to="/login" replace state={{ from: location.pathname }} />;

  const visible = PAGES.filter((p) => p.menu !== false && allows(op, p.permission));
  const current = PAGES.find((p) => location.pathname === `/${p.path}` || location.pathname.startsWith(`/${p.path}/`));
  const denied = current && !allows(op, current.permission);

  const logout = async () => {
    try {
      await call('adminLogout');
    } catch (err) {
      message.error(messageOf(err));
    }
    queryClient.removeQueries();
    navigate('/login', { replace: true });
  };

  return (
    <AntLayout style={{ minHeight: '100vh' }}>
      <AntLayout.Sider width={220} theme="dark">
        <div style={{ color: '#fff', fontSize: 18, fontWeight: 600, padding: '20px 24px' }}>流量卡运营后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={current ? [current.path] : []}
          items={visible.map((p) => ({ key: p.path, icon: p.icon, label: p.title }))}
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
