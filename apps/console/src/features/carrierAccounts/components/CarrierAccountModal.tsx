// 新建 / 编辑运营商账号: the name, the platform kind (fixed once created), its address, the kind's own
// fields — a secret in a password input that starts empty and, on an edit, keeps the stored value
// when left so (留空则不修改) — the account's own calls a second, 测试连接 with what the form holds
// now (saved or not), and the reason every change asks for.
import { useState } from 'react';
import { Alert, App, Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import type { CarrierTestResult } from '@portal/contract/admin';
import { FormModal, NameField, type Save } from '../../../components/FormModal';
import { messageOf } from '../../../lib/api';
import type { CarrierAccount, CarrierKind } from '../api/getCarrierAccounts';
import { useSaveCarrierAccount } from '../api/saveCarrierAccount';
import { useTestConnection } from '../api/testConnection';
import { fieldRequired, initialValues, limitHint, secretKept, toTestBody, type AccountFormValues } from '../model/accountForm';

export interface CarrierAccountModalProps {
  /** null: a new account */
  account: CarrierAccount | null;
  kinds: CarrierKind[];
  onClose: () => void;
}

/** What the connection test said, and for which form contents (a changed form hides an old answer). */
interface Tested {
  key: string;
  result: CarrierTestResult;
}

const connectionKey = (v: Partial<AccountFormValues> | undefined) =>
  JSON.stringify([
    v?.carrier ?? '',
    (v?.base_url ?? '').trim(),
    Object.entries(v?.fields ?? {})
      .map(([k, x]) => [k, (x ?? '').trim()])
      .filter(([, x]) => x !== '')
      .sort(),
  ]);

export function CarrierAccountModal({ account, kinds, onClose }: CarrierAccountModalProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<AccountFormValues>();
  const kindOf = (carrier: string | undefined) => kinds.find((k) => k.kind === carrier);
  const save = useSaveCarrierAccount(account, kindOf, (name) => {
    void message.success(account ? `已保存运营商账号 ${name}` : `已新建运营商账号 ${name}`);
    onClose();
  });
  const test = useTestConnection();
  const [tested, setTested] = useState<Tested | null>(null);
  const values = Form.useWatch([], form) as Partial<AccountFormValues> | undefined;
  const carrier = Form.useWatch('carrier', form) ?? account?.carrier;
  const kind = kindOf(carrier);
  const shown = tested && tested.key === connectionKey(values) ? tested.result : null;

  // a save after a failed test of what the form holds asks first: the account would be saved as
  // it is, its cards unread until it is corrected (it shows 尚未同步, then 密钥被拒 or 同步失败)
  const failedTest = shown && !shown.ok ? shown : null;
  const guardedSave: Save<AccountFormValues> = {
    ...save,
    mutate: (v: AccountFormValues) => {
      if (!failedTest) return save.mutate(v);
      void modal.confirm({
        title: '测试连接未通过，仍要保存吗？',
        content: `${failedTest.message}。保存后同步引擎会用这些字段调用平台，失败会显示在账号状态中并告警。`,
        okText: '仍然保存',
        cancelText: '返回修改',
        onOk: () => save.mutate({ ...v, confirm_failed_test: true }),
      });
    },
  };

  const runTest = () => {
    if (!kind) {
      setTested({ key: connectionKey(values), result: { ok: false, message: '请先选择平台类型' } });
      return;
    }
    const now = form.getFieldsValue(true) as Partial<AccountFormValues>;
    const key = connectionKey(now);
    test.mutate(toTestBody(account, kind, now), {
      onSuccess: (result) => setTested({ key, result }),
      onError: (err) => setTested({ key, result: { ok: false, message: messageOf(err) } }),
    });
  };

  return (
    <FormModal<AccountFormValues>
      title={account ? `编辑运营商账号：${account.name}` : '新建运营商账号'}
      width={620}
      form={form}
      initialValues={initialValues(account)}
      save={guardedSave}
      onClose={onClose}
    >
      <NameField label="账号名称" required="请填写账号名称" />
      <Form.Item
        name="carrier"
        label="平台类型"
        rules={[{ required: true, message: '请选择平台类型' }]}
        extra={account ? '平台类型创建后不可修改' : undefined}
      >
        <Select
          disabled={!!account}
          placeholder="选择运营商平台"
          options={kinds.map((k) => ({ value: k.kind, label: `${k.label}（${k.network_label}）` }))}
        />
      </Form.Item>
      <Form.Item name="base_url" label="平台地址" extra={kind ? `留空使用平台默认地址 ${kind.default_base_url}` : '留空使用平台默认地址'}>
        <Input placeholder={kind?.default_base_url ?? 'https://'} autoComplete="off" />
      </Form.Item>
      {kind?.fields.map((f) => {
        const kept = secretKept(account, f);
        return (
          <Form.Item
            key={`${kind.kind}.${f.name}`}
            name={['fields', f.name]}
            label={f.label}
            required={fieldRequired(account, f)}
            rules={fieldRequired(account, f) ? [{ required: true, whitespace: true, message: `请填写${f.label}` }] : []}
            extra={f.secret ? (account ? (kept ? '已设置，留空则不修改' : '未设置') : '保存后不再显示') : undefined}
          >
            {f.secret ? (
              <Input.Password autoComplete="new-password" placeholder={kept ? '已设置（留空则不修改）' : undefined} />
            ) : f.choices ? (
              <Select
                allowClear={!f.required}
                placeholder={f.required ? '请选择' : '默认'}
                options={f.choices.map((c) => ({ value: c, label: c }))}
              />
            ) : (
              <Input autoComplete="off" />
            )}
          </Form.Item>
        );
      })}
      <Form.Item name="calls_per_second" label="每秒调用上限" extra={limitHint(kind)}>
        <InputNumber min={0} max={1000} precision={0} style={{ width: 160 }} suffix="次/秒" />
      </Form.Item>
      <Form.Item label="连接测试" extra="用当前填写的内容调用平台一次（不保存）；密钥留空时使用已保存的密钥，改了平台地址则须重新填写密钥">
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Button icon={<ApiOutlined />} loading={test.isPending} onClick={runTest} data-testid="carrier-test">
            测试连接
          </Button>
          {shown ? <Alert type={shown.ok ? 'success' : 'error'} showIcon data-testid="carrier-test-result" title={shown.message} /> : null}
        </Space>
      </Form.Item>
    </FormModal>
  );
}
