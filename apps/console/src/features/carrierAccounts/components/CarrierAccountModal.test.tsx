// @vitest-environment happy-dom
// 运营商账号's form: the fields are the chosen platform kind's; a secret is a password input, empty on
// an edit with 留空则不修改 (left empty, the server keeps it); 测试连接 sends what the form holds.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CarrierAccountRow, CarrierKindRow } from '@portal/contract/admin';
import { renderConsole } from '../../../test/render';
import { CarrierAccountModal } from './CarrierAccountModal';

const KINDS: CarrierKindRow[] = [
  {
    kind: 'onelink',
    label: '中国移动 OneLink',
    network_label: '中国移动',
    default_base_url: 'https://api.iot.10086.cn/v5',
    platform_calls_per_second: 5,
    fields: [
      { name: 'appid', label: 'APPID', secret: false, required: true, choices: null },
      { name: 'password', label: 'API 密码', secret: true, required: true, choices: null },
      { name: 'variant', label: '开卡平台（状态码表）', secret: false, required: false, choices: ['ct', 'pb'] },
    ],
  },
  {
    kind: 'ctwing',
    label: '中国电信 5GCMP',
    network_label: '中国电信',
    default_base_url: 'https://5gcmp.example/api',
    platform_calls_per_second: 5,
    fields: [
      { name: 'app_key', label: 'AppKey', secret: false, required: true, choices: null },
      { name: 'secret', label: 'SecretKey', secret: true, required: true, choices: null },
      { name: 'cust_number', label: '客户编码（custNumber）', secret: false, required: true, choices: null },
    ],
  },
];

const ACCOUNT: CarrierAccountRow = {
  id: 7,
  name: '电信-华东',
  carrier: 'ctwing',
  carrier_label: '中国电信 5GCMP',
  base_url: 'http://127.0.0.1:9000',
  source: 'console',
  source_label: '后台添加',
  enabled: true,
  editable: true,
  can_disable: true,
  calls_per_second: 0,
  settings: { app_key: 'ak-1', cust_number: '600001' },
  secrets_set: ['secret'],
  health: null,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};

/** The console's requests, answered like the server: the body of each POST kept. */
function stubApi(answers: Record<string, unknown>) {
  const bodies: Record<string, unknown>[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://console.test').pathname;
    bodies.push({ path, ...(init?.body ? (JSON.parse(String(init.body)) as object) : {}) });
    const data = answers[path];
    return new Response(JSON.stringify({ code: 0, message: 'ok', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return bodies;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function pickKind(label: string) {
  const select = screen.getByLabelText('平台类型');
  fireEvent.mouseDown(select);
  fireEvent.click(await screen.findByText(label, { selector: '.ant-select-item-option-content' }));
}

describe('CarrierAccountModal', () => {
  it('a new account asks for the chosen kind’s fields, secrets as password inputs', async () => {
    renderConsole(<CarrierAccountModal account={null} kinds={KINDS} onClose={vi.fn()} />);
    expect(screen.queryByLabelText('AppKey')).toBeNull();
    await pickKind('中国电信 5GCMP（中国电信）');
    await screen.findByLabelText('AppKey');
    expect(field('SecretKey').type).toBe('password');
    expect(field('AppKey').type).toBe('text');
    expect(screen.getByLabelText('客户编码（custNumber）')).toBeTruthy();
    expect(screen.queryByLabelText('APPID')).toBeNull();
    expect(screen.getByText('保存后不再显示')).toBeTruthy();
    expect(screen.getByText(/0 表示按平台上限（5 次\/秒）/)).toBeTruthy();

    await pickKind('中国移动 OneLink（中国移动）');
    await screen.findByLabelText('APPID');
    expect(field('API 密码').type).toBe('password');
    expect(screen.getByLabelText('开卡平台（状态码表）')).toBeTruthy();
    expect(screen.queryByLabelText('AppKey')).toBeNull();
    expect(screen.queryByLabelText('SecretKey')).toBeNull();
  });

  it('refuses to save a new account without its required fields, said at each field', async () => {
    const bodies = stubApi({});
    renderConsole(<CarrierAccountModal account={null} kinds={KINDS} onClose={vi.fn()} />);
    await pickKind('中国电信 5GCMP（中国电信）');
    await screen.findByLabelText('SecretKey');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await screen.findByText('请填写账号名称');
    await screen.findByText('请填写SecretKey');
    await screen.findByText('请填写AppKey');
    expect(bodies).toHaveLength(0);
  });

  it('an edit starts with the secret empty (已设置，留空则不修改) and saves it empty: the stored one is kept', async () => {
    const bodies = stubApi({ '/api/admin/carrier-accounts/update': ACCOUNT });
    const onClose = vi.fn();
    renderConsole(<CarrierAccountModal account={ACCOUNT} kinds={KINDS} onClose={onClose} />);
    expect(screen.getByText('编辑运营商账号：电信-华东')).toBeTruthy();
    const secret = field('SecretKey');
    expect(secret.type).toBe('password');
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('已设置（留空则不修改）');
    expect(screen.getByText('已设置，留空则不修改')).toBeTruthy();
    expect(field('AppKey').value).toBe('ak-1');
    expect(field('客户编码（custNumber）').value).toBe('600001');
    expect(screen.getByText('平台类型创建后不可修改')).toBeTruthy();
    expect(document.querySelector('.ant-select-disabled')).not.toBeNull();

    fireEvent.change(field('账号名称'), { target: { value: '电信-华东-2' } });
    fireEvent.change(field('原因'), { target: { value: '改名' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      {
        path: '/api/admin/carrier-accounts/update',
        id: 7,
        name: '电信-华东-2',
        base_url: 'http://127.0.0.1:9000',
        calls_per_second: 0,
        fields: { app_key: 'ak-1', secret: '', cust_number: '600001' },
        reason: '改名',
        // no failed test of these fields: nothing to confirm (docs/decisions/0071)
        confirm_failed_test: false,
      },
    ]);
  });

  it('测试连接 sends the form as it is (unsaved) and shows the answer, which a change of the form hides', async () => {
    const bodies = stubApi({
      '/api/admin/carrier-accounts/test': {
        ok: false,
        message: '账号或密钥错误：请核对AppKey、SecretKey',
      },
    });
    renderConsole(<CarrierAccountModal account={ACCOUNT} kinds={KINDS} onClose={vi.fn()} />);
    fireEvent.change(field('SecretKey'), { target: { value: 'typed-but-unsaved' } });
    fireEvent.click(screen.getByRole('button', { name: /测试连接/ }));
    const result = await screen.findByTestId('carrier-test-result');
    expect(within(result).getByText('账号或密钥错误：请核对AppKey、SecretKey')).toBeTruthy();
    // the answer is words only (docs/decisions/0057): no time taken to show
    expect(result.textContent).not.toMatch(/毫秒/);
    expect(bodies).toEqual([
      {
        path: '/api/admin/carrier-accounts/test',
        id: 7,
        base_url: 'http://127.0.0.1:9000',
        fields: { app_key: 'ak-1', secret: 'typed-but-unsaved', cust_number: '600001' },
      },
    ]);
    fireEvent.change(field('SecretKey'), { target: { value: 'another' } });
    await waitFor(() => expect(screen.queryByTestId('carrier-test-result')).toBeNull());
  });
});
