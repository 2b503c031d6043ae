// /agent — apply to become an agent, open without a login, when the brand takes applications
// (branding's agent_form): name, mobile proven by an SMS code, region, how they will sell, notes,
// the agreement. An application filed from this browser (or found by mobile and code) is shown with
// its state; a rejected one says why and may be filed again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from '../../lib/router';
import type { AgentApplication } from '@portal/contract';
import { DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import { AGENT_CHANNEL_LABEL, AGENT_CHANNELS } from '@portal/contract/patterns/agentApplications';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { StateBlock } from '../../components/StateBlock';
import { SmsCodeFields } from '../../features/auth/components/SmsCodeFields';
import { applyForAgent, lookUpByCode, sendAgentSmsCode, useAgentApplication } from '../../features/agentApplication/api/agentApplication';
import {
  agentFormError,
  EMPTY_AGENT_FORM,
  mobileError,
  type AgentField,
  type AgentFields,
} from '../../features/agentApplication/model/agentForm';
import { fetchBranding } from '../../features/branding/api/customerUrl';
import { RegionPicker } from '../../features/addresses/components/RegionPicker';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { useStored } from '../../lib/useStored';
import styles from './Agent.module.css';
import parts from '../../styles/requestForm.module.css';
import { Field } from '../../components/Field';

export function ApplicationState({ application }: { application: AgentApplication }) {
  return (
    <Panel
      title="我的代理申请"
      extra={
        <span className={`${parts.status} ${styles.statusTone}`} data-status={application.status}>
          {application.status_label}
        </span>
      }
    >
      <dl className={parts.facts}>
        <div>
          <dt>申请编号</dt>
          <dd>{application.application_no}</dd>
        </div>
        <div>
          <dt>姓名</dt>
          <dd>{application.name}</dd>
        </div>
        <div>
          <dt>手机号</dt>
          <dd>{application.mobile}</dd>
        </div>
        <div>
          <dt>所在地区</dt>
          <dd>{application.province === application.city ? application.city : `${application.province} ${application.city}`}</dd>
        </div>
        <div>
          <dt>销售方式</dt>
          <dd>{application.channel_label}</dd>
        </div>
        <div>
          <dt>提交时间</dt>
          <dd>{application.created_at.slice(0, 10)}</dd>
        </div>
      </dl>
      <p className={styles.stateText}>
        {application.status === 'submitted' && '申请已提交，我们将在3个工作日内完成审核，结果会短信通知您。'}
        {application.status === 'in_review' && '申请审核中，结果会短信通知您。'}
        {application.status === 'approved' && '恭喜，您的代理申请已通过！我们的渠道经理会尽快与您联系。'}
        {application.status === 'rejected' && `很抱歉，申请未通过：${application.reject_reason || '未说明原因'}`}
      </p>
    </Panel>
  );
}

function LookupForm({ mark, onFound }: { mark: string; onFound(key: string): void }) {
  const [fields, setFields] = useState({ mobile: '', code: '' });
  const form = useFormErrors<'mobile' | 'code'>('agent-lookup');
  const set = (k: 'mobile' | 'code') => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };
  const { mobile, code } = fields;

  async function look(e: FormEvent) {
    e.preventDefault();
    const m = mobileError(mobile);
    if (m) return form.fail('mobile', m);
    if (!/^\d{6}$/.test(code.trim())) return form.fail('code', '请输入6位验证码');
    try {
      const a = await lookUpByCode(mobile.trim(), code.trim());
      if (!a.application) return form.fail(undefined, '该手机号还没有代理申请');
      onFound(a.key);
    } catch (err) {
      form.fail('code', err instanceof ApiError ? err.message : '查询失败，请稍后再试');
    }
  }
  return (
    <Panel title="查看申请进度">
      <form onSubmit={look} noValidate>
        <SmsCodeFields
          form={form}
          mobile={{ field: 'mobile', placeholder: '申请时填写的手机号', value: mobile, onChange: set('mobile') }}
          code={{ field: 'code', value: code, onChange: set('code') }}
          send={() => sendAgentSmsCode(mobile.trim(), mark)}
          onSendFailed={(err) => form.fail('mobile', err instanceof ApiError ? err.message : '发送失败，请稍后再试')}
        />
        {form.message()}
        <button type="submit" className={`app-btn app-btn--ghost app-btn--block ${parts.submit}`}>
          查询
        </button>
      </form>
    </Panel>
  );
}

function ApplyForm({ mark, initial }: { mark: string; initial: AgentFields }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [fields, setFields] = useState<AgentFields>(initial);
  const [busy, setBusy] = useState(false);
  const form = useFormErrors<AgentField>('agent');
  const set = (k: 'name' | 'mobile' | 'code' | 'notes') => (e: { target: { value: string } }) => {
    form.clear(k);
    setFields((f) => ({ ...f, [k]: e.target.value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const error = agentFormError(fields);
    if (error) return form.fail(error.field, error.message);
    form.clear();
    setBusy(true);
    try {
      const answer = await applyForAgent({
        mark,
        name: fields.name.trim(),
        mobile: fields.mobile.trim(),
        code: fields.code.trim(),
        province: fields.province,
        city: fields.city,
        channel: fields.channel as (typeof AGENT_CHANNELS)[number],
        notes: fields.notes.trim(),
        agreed: true,
      });
      local.set('agentApplicationKey', answer.key);
      qc.setQueryData(['agentApplication', answer.key], answer);
      navigate('/agent_success', { replace: true });
    } catch (err) {
      form.fail(undefined, err instanceof ApiError ? err.message : '提交失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel title="填写申请信息">
      <form onSubmit={submit} noValidate>
        <Field
          label="姓名"
          form={form}
          field="name"
          name="name"
          autoComplete="name"
          maxLength={30}
          placeholder="请输入真实姓名"
          value={fields.name}
          onChange={set('name')}
        />
        <SmsCodeFields
          form={form}
          mobile={{ field: 'mobile', value: fields.mobile, onChange: set('mobile') }}
          code={{ field: 'code', value: fields.code, onChange: set('code') }}
          send={() => sendAgentSmsCode(fields.mobile.trim(), mark)}
        />
        <RegionPicker
          control={form.field('region')}
          levels={2}
          value={{ province: fields.province, city: fields.city, district: '' }}
          onChange={({ province, city }) => {
            form.clear('region');
            setFields((f) => ({ ...f, province, city }));
          }}
        />
        {form.at('region')}
        <fieldset className={`${parts.fieldset} ${parts.fieldsetOpening}`}>
          <legend className={parts.legend}>销售方式</legend>
          <div className={`${parts.chips} ${parts.chipsWide}`} {...form.field('channel')} role="group">
            {AGENT_CHANNELS.map((c) => (
              <button
                key={c}
                type="button"
                className={fields.channel === c ? `${parts.chip} ${parts.chipOn}` : parts.chip}
                aria-pressed={fields.channel === c}
                onClick={() => {
                  form.clear('channel');
                  setFields((f) => ({ ...f, channel: c }));
                }}
              >
                {AGENT_CHANNEL_LABEL[c]}
              </button>
            ))}
          </div>
          {form.at('channel')}
        </fieldset>
        <label className={parts.textareaField}>
          <span className={parts.legend}>备注（选填）</span>
          <textarea
            className={parts.textarea}
            name="notes"
            {...form.field('notes')}
            rows={3}
            maxLength={200}
            placeholder="如：现有门店、客户群体、预计月销量"
            value={fields.notes}
            onChange={set('notes')}
          />
        </label>
        {form.at('notes')}
        <label className={styles.agree}>
          <input
            type="checkbox"
            {...form.field('agreed')}
            checked={fields.agreed}
            onChange={(e) => {
              form.clear('agreed');
              setFields((f) => ({ ...f, agreed: e.target.checked }));
            }}
          />
          <span>我已阅读并同意《代理合作协议》，承诺所填信息真实有效</span>
        </label>
        {form.at('agreed')}
        {form.message()}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${parts.submit}`} disabled={busy}>
          {busy ? '提交中…' : '提交申请'}
        </button>
      </form>
    </Panel>
  );
}

function AgentPage() {
  const storedMark = useStored('mark');
  const mark = storedMark || DEFAULT_AGENT_MARK;
  const key = useStored('agentApplicationKey');
  const [resubmit, setResubmit] = useState(false);
  const [lookup, setLookup] = useState(false);
  const branding = useQuery({ queryKey: ['branding', mark], queryFn: ({ signal }) => fetchBranding(mark, signal), staleTime: 5 * 60_000 });
  const mine = useAgentApplication(key);

  let body;
  if (branding.isPending || (key && mine.isPending)) body = <PageLoading />;
  else if (branding.isError) body = <StateBlock kind="error" text="加载失败，请检查网络后重试" />;
  else if (!branding.data.agent_form) body = <StateBlock kind="empty" text="暂未开放代理申请，如有合作意向请联系客服" />;
  else {
    const application = mine.data?.application ?? null;
    const showForm = !application || (application.can_resubmit && resubmit);
    body = (
      <>
        {application && <ApplicationState application={application} />}
        {application?.can_resubmit && !resubmit && (
          <div className={styles.actions}>
            <button type="button" className="app-btn app-btn--primary app-btn--block" onClick={() => setResubmit(true)}>
              重新申请
            </button>
          </div>
        )}
        {showForm && (
          <ApplyForm
            mark={mark}
            initial={
              application
                ? {
                    ...EMPTY_AGENT_FORM,
                    name: application.name,
                    province: application.province,
                    city: application.city,
                    channel: application.channel,
                  }
                : EMPTY_AGENT_FORM
            }
          />
        )}
        {!application &&
          (lookup ? (
            <LookupForm mark={mark} onFound={(k) => local.set('agentApplicationKey', k)} />
          ) : (
            <p className={styles.more}>
              <button type="button" className={styles.link} onClick={() => setLookup(true)}>
                已经申请过？查看申请进度
              </button>
            </p>
          ))}
      </>
    );
  }
  return (
    <div className={parts.page}>
      <PageHeader title="代理申请" />
      <div className={styles.hero}>
        <p className={styles.heroTitle}>成为{branding.data?.apply_name || ''}代理</p>
        <p className={styles.heroText}>销售流量卡与随身WiFi设备，享受专属价格与推广奖励</p>
      </div>
      {body}
    </div>
  );
}

export default withQuery(AgentPage);
