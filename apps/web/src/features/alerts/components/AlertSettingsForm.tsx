// The current card's alerts and auto-renew: data left below a share or an amount, N days before
// the plan ends, and auto-renew of the current package from the balance (with notice first).
import type { AlertSetting } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { formatValidUntil } from '@portal/domain/validity';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from '../../../lib/router';
import { local } from '../../../lib/storage';
import { Field } from '../../../components/Field';
import { Panel } from '../../../components/Panel';
import { useFormErrors } from '../../../lib/formErrors';
import { toast } from '../../../lib/toast';
import { useBindWechatMp, useSaveAlertSetting } from '../api/alertSetting';
import { EXPIRY_DAY_CHOICES, formOf, requestOf, type AlertForm } from '../model/alertForm';
import { mpOffer, whereText } from '../model/channels';
import styles from './AlertSettingsForm.module.css';

export function AlertSettingsForm({ setting }: { setting: AlertSetting }) {
  const [form, setForm] = useState<AlertForm>(() => formOf(setting));
  // errors at the field (decision 0010): the threshold is the one field that can be wrong
  const errors = useFormErrors<'threshold'>('alert');
  const fail = (message: string) => errors.fail(/流量/.test(message) ? 'threshold' : undefined, message);
  const save = useSaveAlertSetting();
  const set = <K extends keyof AlertForm>(k: K, v: AlertForm[K]) => {
    setForm((f) => ({ ...f, [k]: v }));
    errors.clear();
  };
  const renew = setting.renew_package;
  const short = renew !== null && setting.balance < renew.price;
  const mp = mpOffer(setting, local.get('inMessagingApp') === true);
  const bind = useBindWechatMp();
  // back from the messaging app's login (the server sends the holder here with the outcome)
  const [params, setParams] = useSearchParams();
  const bound = params.get('wechat_mp');
  useEffect(() => {
    if (bound !== 'bound' && bound !== 'failed') return;
    toast(bound === 'bound' ? '已绑定微信，可选择公众号提醒' : '微信绑定未成功，请重试');
    setParams({}, { replace: true });
  }, [bound, setParams]);

  async function startBinding() {
    try {
      const { url } = await bind.mutateAsync(setting.custom_num);
      window.location.assign(url);
    } catch (err) {
      toast((err as Error).message || '暂时无法绑定，请稍后再试');
    }
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const r = requestOf(setting.custom_num, form, { sms: setting.sms, mp: mp.kind === 'choose' });
    if ('problem' in r) {
      fail(r.problem);
      return;
    }
    try {
      await save.mutateAsync(r.request);
      toast('设置已保存');
    } catch (err) {
      fail((err as Error).message || '保存失败，请稍后再试');
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      <Panel title="剩余流量提醒">
        <SwitchRow
          id="alert-data"
          label="流量不足提醒"
          hint="当前套餐剩余流量低于设定值时提醒"
          checked={form.data_alert}
          onChange={(v) => set('data_alert', v)}
        />
        {form.data_alert && (
          <>
            <div className={styles.units} role="radiogroup" aria-label="提醒方式">
              {(
                [
                  ['percent', '按剩余比例'],
                  ['mb', '按剩余流量'],
                ] as const
              ).map(([unit, text]) => (
                <label key={unit} className={form.threshold_unit === unit ? `${styles.unit} ${styles.unitOn}` : styles.unit}>
                  <input
                    type="radio"
                    name="threshold_unit"
                    value={unit}
                    checked={form.threshold_unit === unit}
                    onChange={() => {
                      set('threshold_unit', unit);
                      set('threshold_value', unit === 'percent' ? '20' : '1024');
                    }}
                  />
                  {text}
                </label>
              ))}
            </div>
            <Field
              label="低于"
              form={errors}
              field="threshold"
              inputMode="numeric"
              value={form.threshold_value}
              onChange={(e) => set('threshold_value', e.target.value)}
              end={<span className={styles.suffix}>{form.threshold_unit === 'percent' ? '%' : 'MB'}</span>}
            />
          </>
        )}
      </Panel>

      <Panel title="到期提醒">
        <SwitchRow
          id="alert-expiry"
          label="套餐到期提醒"
          hint={setting.plan_ends_at ? `当前套餐有效期至 ${formatValidUntil(setting.plan_ends_at)}` : '暂无套餐'}
          checked={form.expiry_alert}
          onChange={(v) => set('expiry_alert', v)}
        />
        {form.expiry_alert && (
          <Field
            label="提前"
            id="alert-days"
            control={
              <select
                id="alert-days"
                className={`app-field__input ${styles.select}`}
                value={form.expiry_days}
                onChange={(e) => set('expiry_days', Number(e.target.value))}
              >
                {EXPIRY_DAY_CHOICES.map((d) => (
                  <option key={d} value={d}>
                    {d}天
                  </option>
                ))}
              </select>
            }
          />
        )}
      </Panel>

      <Panel title="自动续费">
        <SwitchRow
          id="alert-renew"
          label="到期自动续费"
          hint={renew ? `从余额续订「${renew.name}」¥${formatYuan(renew.price)}` : setting.renew_unavailable}
          checked={form.auto_renew}
          disabled={!renew && !form.auto_renew}
          onChange={(v) => set('auto_renew', v)}
        />
        {renew && (
          <div className={styles.note}>
            <p>套餐到期时自动从余额扣费续订，每个周期只扣一次；续费前会提前通知您。余额不足时不会扣费，会提醒您充值。</p>
            <p className={styles.balance}>
              当前余额 ¥{formatYuan(setting.balance)}
              {short && (
                <>
                  <span className={styles.short}>，不足一次续费</span>
                  <Link to="/recharge" className={styles.recharge}>
                    去充值
                  </Link>
                </>
              )}
            </p>
          </div>
        )}
      </Panel>

      <Panel title="提醒方式">
        <SwitchRow
          id="alert-channel-sms"
          label="短信提醒"
          hint={setting.sms ? '发送到绑定的手机号' : '该卡没有可接收短信的手机号'}
          checked={setting.sms && form.channel_sms}
          disabled={!setting.sms}
          onChange={(v) => set('channel_sms', v)}
        />
        {mp.kind === 'choose' && (
          <SwitchRow
            id="alert-channel-mp"
            label="微信公众号提醒"
            hint="通过公众号消息提醒，点开即可去处理"
            checked={form.channel_mp}
            onChange={(v) => set('channel_mp', v)}
          />
        )}
        {(mp.kind === 'bind' || mp.kind === 'open_in_app') && (
          <div className={styles.mp} data-testid="wechat-mp-offer">
            <span className={styles.switchLabel}>微信公众号提醒</span>
            <p className={styles.switchHint}>{mp.text}</p>
            {mp.kind === 'bind' && (
              <button
                type="button"
                className={`app-btn app-btn--primary ${styles.bind}`}
                disabled={bind.isPending}
                onClick={() => void startBinding()}
              >
                绑定微信接收提醒
              </button>
            )}
          </div>
        )}
      </Panel>

      <p className={styles.where}>{whereText(setting, { sms: form.channel_sms, mp: form.channel_mp })}</p>
      {errors.message()}
      <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.save}`} disabled={save.isPending}>
        保存设置
      </button>
    </form>
  );
}

function SwitchRow(p: { id: string; label: string; hint: ReactNode; checked: boolean; disabled?: boolean; onChange(v: boolean): void }) {
  return (
    <div className={`app-field ${styles.switchRow}`}>
      <label htmlFor={p.id} className={styles.switchText}>
        <span className={styles.switchLabel}>{p.label}</span>
        <span className={styles.switchHint}>{p.hint}</span>
      </label>
      <input
        id={p.id}
        type="checkbox"
        role="switch"
        className={styles.switch}
        checked={p.checked}
        disabled={p.disabled}
        onChange={(e) => p.onChange(e.target.checked)}
      />
    </div>
  );
}
