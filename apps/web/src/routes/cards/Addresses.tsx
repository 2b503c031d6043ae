// /address — 地址管理: a holder's saved addresses (docs/decisions/0046-addresses.md): add, edit,
// delete, set the default. The device shop's and the card replacement's forms offer them
// (从地址簿选择) and link here with `back`, where 保存 returns. Province → city → district come from
// the one region picker. A card-number login has no address book: it is told to log in otherwise.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import {
  deleteAddress,
  saveAddress,
  setDefaultAddress,
  useSavedAddresses,
  type SavedAddress,
} from '../../features/addresses/api/addresses';
import { DeliveryAddressFields } from '../../features/addresses/components/DeliveryAddressFields';
import { addressFormError, EMPTY_ADDRESS, type AddressField, type AddressFields } from '../../features/addresses/model/addressForm';
import { addressLine } from '../../features/addresses/model/region';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { loginUrl, safeRedirect } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { toast } from '../../lib/toast';
import { confirm } from '../../lib/confirm';
import { useStored } from '../../lib/useStored';
import styles from './Addresses.module.css';

function AddressForm({ editing, onDone }: { editing: SavedAddress | null; onDone(saved: SavedAddress | null): void }) {
  const qc = useQueryClient();
  const [fields, setFields] = useState<AddressFields>(editing ? { ...editing, isDefault: editing.is_default } : EMPTY_ADDRESS);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<AddressField>('address');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const error = addressFormError(fields);
    if (error) return form.fail(error.field, error.message);
    form.clear();
    setBusy(true);
    try {
      const saved = await saveAddress(qc, {
        ...(editing ? { id: editing.id } : {}),
        receiver: fields.receiver.trim(),
        mobile: fields.mobile.trim(),
        province: fields.province,
        city: fields.city,
        district: fields.district,
        address: fields.address.trim(),
        is_default: fields.isDefault,
      });
      toast('地址已保存');
      onDone(saved);
    } catch (err) {
      form.fail(undefined, err instanceof ApiError ? err.message : '保存失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title={editing ? '编辑收货地址' : '新增收货地址'}>
      <form onSubmit={submit} noValidate className={styles.form}>
        <DeliveryAddressFields
          form={form}
          fields={{ receiver: 'receiver', mobile: 'mobile', region: 'region', address: 'address' }}
          value={fields}
          onChange={(change) => setFields((f) => ({ ...f, ...change }))}
        />
        <label className={styles.check}>
          <input type="checkbox" checked={fields.isDefault} onChange={(e) => setFields((f) => ({ ...f, isDefault: e.target.checked }))} />
          设为默认地址
        </label>
        {form.message()}
        <div className={styles.formActions}>
          <button type="button" className="app-btn app-btn--ghost" onClick={() => onDone(null)}>
            取消
          </button>
          <button type="submit" className="app-btn app-btn--primary" disabled={busy}>
            {busy ? '保存中…' : '保存'}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function AddressesPage() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const back = safeRedirect(params.get('back') ?? '') || '';
  const cardLogin = useStored('cardLogin') ?? false;
  const saved = useSavedAddresses(!cardLogin);
  const [editing, setEditing] = useState<SavedAddress | 'new' | null>(null);

  async function act(what: () => Promise<void>, done: string) {
    try {
      await what();
      toast(done);
    } catch (err) {
      toast(err instanceof ApiError ? err.message : '操作失败，请稍后再试');
    }
  }

  async function remove(a: SavedAddress) {
    const ok = await confirm({ title: '删除地址', content: `确定删除「${a.receiver} ${addressLine(a)}」吗？`, confirmText: '删除' });
    if (ok) await act(() => deleteAddress(qc, a.id), '地址已删除');
  }

  let body;
  if (cardLogin)
    body = (
      <StateBlock
        kind="empty"
        text="卡号登录不能保存地址：请使用手机号或账号登录后管理收货地址"
        action={
          <Link className="app-btn app-btn--primary" to={loginUrl({ loginModel: 'mobile', redirect: '/address' })}>
            手机号登录
          </Link>
        }
      />
    );
  else if (saved.isPending) body = <PageLoading />;
  else if (saved.isError) body = <LoadFailed text="地址加载失败" onRetry={() => saved.refetch()} />;
  else if (editing)
    body = (
      <AddressForm
        editing={editing === 'new' ? null : editing}
        onDone={(done) => {
          setEditing(null);
          if (done && back) navigate(back, { replace: true });
        }}
      />
    );
  else
    body = (
      <>
        {saved.data.length === 0 ? (
          <StateBlock kind="empty" text="还没有保存的地址：保存后，购买设备和申请换卡时可直接选用" />
        ) : (
          <ul className={styles.list} aria-label="收货地址">
            {saved.data.map((a) => (
              <li key={a.id} className={styles.item} data-address={a.id}>
                <p className={styles.who}>
                  {a.receiver} <span className={styles.mobile}>{a.mobile}</span>
                  {a.is_default ? <span className={styles.tag}>默认</span> : null}
                </p>
                <p className={styles.where}>{addressLine(a)}</p>
                <div className={styles.actions}>
                  {a.is_default ? (
                    <span className={styles.isDefault}>默认地址</span>
                  ) : (
                    <button
                      type="button"
                      className={styles.action}
                      onClick={() => void act(() => setDefaultAddress(qc, a.id), '已设为默认地址')}
                    >
                      设为默认
                    </button>
                  )}
                  <span className={styles.grow} />
                  <button type="button" className={styles.action} onClick={() => setEditing(a)}>
                    编辑
                  </button>
                  <button type="button" className={styles.action} onClick={() => void remove(a)}>
                    删除
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.add}>
          <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => setEditing('new')}>
            新增收货地址
          </button>
          {back ? (
            <Link className="app-btn app-btn--ghost app-btn--block" to={back} replace>
              返回继续填写
            </Link>
          ) : null}
        </div>
      </>
    );

  return (
    <div className={styles.page}>
      <PageHeader title="地址管理" fallback={back || '/mine'} />
      {body}
    </div>
  );
}

export default withQuery(AddressesPage);
