// Cards: the caller's bound cards, binding and unbinding, card info (the hot path of every page)
// and the short hint shown on the home page. Every card operation goes through accessibleCard.
import type { BindCardAnswer, BoundCard, CardDevice, CardInfoAnswer, CardNicknameAnswer, ClewAnswer } from '@portal/contract';
import { CardState, Code } from '@portal/contract';
import { CARRIER_LABEL } from '@portal/contract/enums';
import { chinaDate, deviceReport, fenToYuan, formatDateTime, formatKb, safeUrl, signalBars } from '@portal/domain';
import { cleanNickname, nicknameProblem } from '@portal/domain/cardNickname';
import { daysLeft, EXPIRY_WARNING_DAYS, lastValidDay } from '@portal/domain/validity';
import { isMultiSimDevice, networkName } from '@portal/domain/network';
import type { LineProblemCode } from '@portal/domain/line';
import { stopReasonFor, type FixKind } from '@portal/domain/stopReason';
import type { AppContext } from '../../context';
import type { Card } from '../../db/schema';
import type { NetworkOption } from '../../integrations/carrier/gateway';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { proveCardPassword, type Auth } from '../auth';
import { accessibleCard, allowedCard, cardRecord, seriesIdsOf } from '../cardRecord';
import { memberRightsAmong } from '../membership';
import { freshLine, lineAnswer, planOf } from '../line';
import { progressUnderWay } from '../replacement';
import { ensureSyncedOnce, renewalOf } from '../usage';
import { within } from '../../lib/within';
import * as repo from './repo';

/**
 * One card of the list at a glance: the network the user knows, state, balance, the plan in force
 * with its remaining data and the line's one problem — the line's read model (modules/line), with
 * figures as fresh as on every other page — and the user's own nickname for it.
 */
async function toBoundCard(ctx: AppContext, c: repo.BoundCardRow): Promise<BoundCard> {
  const [{ card, line }, device] = await Promise.all([freshLine(ctx, c), deviceOfCard(ctx, c)]);
  const plan = planOf(line);
  return {
    custom_num: c.custom_num,
    iccid: c.iccid,
    state: line.state,
    supplier: c.supplier,
    card_mold: c.card_mold,
    remark: c.remark,
    bound_at: c.bound_at,
    nickname: c.nickname,
    network: networkName(card),
    balance: fenToYuan(line.balance_fen),
    package: plan
      ? {
          name: plan.name,
          total_kb: plan.total_kb,
          remaining_kb: plan.remaining_kb,
          expired_at: plan.expired_at,
          valid_until: plan.valid_until,
        }
      : null,
    stop_reason: lineAnswer(c.custom_num, line).stop_reason,
    problem: lineAnswer(c.custom_num, line).problem,
    device,
  };
}

/**
 * The wifi device a card sits in, as it last reported (docs/decisions/0066): a card whose MiFi is
 * off says so on the card list and home, not only on the device pages. The device's cloud is asked
 * like the device pages ask it (the simulator reads its table; GenieACS's NBI is an HTTP call). A
 * cloud that cannot answer, or not within DEVICE_GLANCE_MS, claims nothing (null): the card list
 * and home never wait for an ACS's own timeout (10 s) — the device pages say what it is.
 */
const DEVICE_GLANCE_MS = 800;

async function deviceOfCard(ctx: AppContext, card: Pick<Card, 'id' | 'custom_num'>): Promise<CardDevice | null> {
  if (!ctx.devices) return null;
  try {
    const serial = await repo.deviceSerialOf(ctx.db.kysely, card.id);
    const state = serial ? await within(ctx.devices.status(serial), DEVICE_GLANCE_MS, null) : null;
    if (!state) return null;
    return { model_name: state.modelName, online: state.online, reported_at: deviceReport(state).reported_at };
  } catch (err) {
    ctx.log.warn({ err, custom_num: card.custom_num }, 'device state lookup failed');
    return null;
  }
}

/** Why the card is stopped, in words with its fix (the carrier's reason as last synced); null when it is not stopped. */
function stopReasonOfCard(card: Pick<Card, 'state' | 'stop_reason'>) {
  const r = stopReasonFor(card.state, card.stop_reason);
  return r ? { ...r, fix: { ...r.fix } } : null;
}

type Binding = { remark: string; nickname: string; created_at: string } | undefined;

function rowOf(card: Card, binding: Binding): repo.BoundCardRow {
  return { ...card, remark: binding?.remark ?? '', nickname: binding?.nickname ?? '', bound_at: binding?.created_at ?? '' };
}

// ---------- bind list, bind, unbind ----------

/** A real user's bound cards; a card-number login sees its own card only. */
export async function bindList(ctx: AppContext, auth: Auth): Promise<BoundCard[]> {
  if (auth.userId === 0) {
    if (!auth.customNum) return [];
    const card = await accessibleCard(ctx, auth, auth.customNum);
    const binding = await repo.bindingOf(ctx.db.kysely, card.id);
    // a card login is not the binding's user: their nickname is not its to see
    return [await toBoundCard(ctx, rowOf(card, binding && { ...binding, nickname: '' }))];
  }
  const rows = await repo.boundCards(ctx.db.kysely, auth.userId);
  return Promise.all(rows.map((r) => toBoundCard(ctx, r)));
}

/** ICCIDs are 19 or 20 digits; a card number of that length still wins over an ICCID. */
const ICCID_LENGTH = /^\d{19,20}$/;

/** The card a typed or scanned number names: its card number, or the ICCID printed on its holder. */
export async function cardNamed(ctx: AppContext, numOrIccid: string): Promise<Card | undefined> {
  const db = ctx.db.kysely;
  return (
    (await cardRecord.cardByNum(db, numOrIccid)) ??
    (ICCID_LENGTH.test(numOrIccid) ? await cardRecord.cardByIccid(db, numOrIccid) : undefined)
  );
}

/**
 * Binds a card to the caller once they prove they hold it: its card password (docs/decisions/0028).
 * No card is exempt — a number alone is not a proof, numbers are sequential. Until the
 * proof passes the answer tells nothing about the card (unknown, cancelled, someone else's all
 * look like a wrong password); after it, a card someone else holds stays theirs until they release
 * it or the console does.
 */
export async function bindCard(
  ctx: AppContext,
  auth: Auth,
  numOrIccid: string,
  password: string | undefined,
  ip: string,
): Promise<BindCardAnswer> {
  // A card-number login is not a user: there is nobody to bind the card to.
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能绑定卡片，请使用手机号或账号登录后绑定');
  const card = await cardNamed(ctx, numOrIccid);
  const owner = card ? await repo.bindingOf(ctx.db.kysely, card.id) : undefined;
  // the caller's own card: nothing to prove, nothing learnt
  if (card && owner?.user_id === auth.userId) return { card: await toBoundCard(ctx, rowOf(card, owner)), already_bound: true };

  if (!password) throw new AppError(Code.CARD_PASSWORD_REQUIRED, CARD_PASSWORD_NEEDED);
  await proveCardPassword(ctx, { userId: auth.userId, ip }, numOrIccid, card, password, (id, newHash, oldHash) =>
    cardRecord.replacePasswordHash(ctx.db.kysely, id, oldHash, newHash),
  );
  // proven: from here the answers may speak about the card
  const held = card!;
  if (held.state === CardState.Cancelled) throw new AppError(Code.BAD_REQUEST, '该卡已销户，无法绑定，如有疑问请联系客服');
  if (owner) throw new AppError(Code.CARD_ALREADY_BOUND, ALREADY_HELD);

  await repo.bindIfFree(ctx.db.kysely, auth.userId, held.id, clock.iso());
  const now = await repo.bindingOf(ctx.db.kysely, held.id);
  if (!now || now.user_id !== auth.userId) throw new AppError(Code.CARD_ALREADY_BOUND, ALREADY_HELD);
  ctx.log.info({ userId: auth.userId, cardId: held.id }, 'card bound with its card password');
  return { card: await toBoundCard(ctx, rowOf(held, now)), already_bound: false };
}

/** What the bind form asks for (also bind_check's hint). */
export const CARD_PASSWORD_NEEDED = '请输入卡密码（6位数字，印在卡片包装或卡托上；遗失请联系客服）';
/** A card someone else holds: a new holder needs their release or the console. */
const ALREADY_HELD = '该卡已被其他账号绑定，需原绑定人解绑后再绑定，如有疑问请联系客服';

export async function unbindCard(ctx: AppContext, auth: Auth, customNum: string): Promise<{ custom_num: string }> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能解绑卡片，请使用手机号或账号登录');
  const card = await accessibleCard(ctx, auth, customNum);
  const removed = await repo.unbind(ctx.db.kysely, auth.userId, card.id);
  if (removed === 0) throw new AppError(Code.CARD_NOT_BOUND);
  return { custom_num: card.custom_num };
}

/**
 * The caller's own name for one of their cards ("" clears it). Checked before anything is read or
 * written; only the caller's binding is changed, so a card that is not theirs changes nothing.
 */
export async function setCardNickname(ctx: AppContext, auth: Auth, customNum: string, raw: string): Promise<CardNicknameAnswer> {
  if (auth.userId === 0) throw new AppError(Code.FORBIDDEN, '卡号登录不能设置备注名，请使用手机号或账号登录');
  const nickname = cleanNickname(raw);
  const problem = nicknameProblem(nickname);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  const card = await accessibleCard(ctx, auth, customNum);
  if (!(await repo.setNickname(ctx.db.kysely, auth.userId, card.id, nickname))) throw new AppError(Code.CARD_NOT_BOUND);
  return { custom_num: card.custom_num, nickname };
}

// ---------- card info ----------

/** The card row in the legacy card-info shape: booleans from 0/1, money in yuan, URLs made safe. */
function toCardInfo(row: repo.CardInfoRow, networks: NetworkOption[]): CardInfoAnswer {
  const { card, agent } = row;
  const b = (v: number) => v === 1;
  return {
    info: {
      id: card.id,
      custom_num: card.custom_num,
      iccid: card.iccid,
      isdn: card.isdn,
      bind_iccid: card.bind_iccid,
      auth_state: b(card.auth_state),
      balance: fenToYuan(card.balance_fen),
      balance_order_has_payment: b(card.balance_order_has_payment),
      channel_id: card.channel_id,
      def_package_id: card.def_package_id,
      expired_at: card.expired_at,
      order_has_payment: b(card.order_has_payment),
      pre_store: b(card.pre_store),
      pre_store_show: b(card.pre_store_show),
      real_name_order: card.real_name_order,
      state: card.state,
      superior_card_num: card.superior_card_num,
      supplier: card.supplier,
      supplier_auth_state: b(card.supplier_auth_state),
      supplier_state: card.supplier_state,
      today_sum_flow: row.today_kb,
      verify_url: safeUrl(card.verify_url),
      algorithm: card.algorithm,
      has_first_balance_order: b(card.has_first_balance_order),
      need_change_card: b(card.need_change_card),
      package_series_ids: seriesIdsOf(card.package_series_ids),
      package_mold: card.package_mold,
      multi_series: b(card.multi_series),
      user_id: row.owner_id,
      need_auth: b(card.need_auth),
      need_id: b(card.need_id),
      market_group_id: card.market_group_id,
      card_mold: card.card_mold,
      agent: {
        id: agent?.id ?? card.agent_id,
        nickname: agent?.nickname ?? '',
        username: agent?.username ?? '',
        payee: agent?.payee ?? '',
        withdrawal_method: agent?.withdrawal_method ?? 0,
        withdrawal_account: agent?.withdrawal_account ?? '',
        is_agent: b(agent?.is_agent ?? 0),
        affiliated_official_account: agent?.affiliated_official_account ?? '',
      },
      card_extensions: {
        member_right_switch: b(card.member_right_switch),
        fake_real_name: b(card.fake_real_name),
        pre_store_mold: card.pre_store_mold,
      },
      // membership arrives with the commerce work; null = "no member rights"
      x_member_rights: null,
      networks,
      network: networkName(card),
      valid_until: lastValidDay(card.expired_at),
      stop_reason: stopReasonOfCard(card),
    },
    is_skip: b(card.is_skip),
    member_expired_at: card.member_expired_at,
    series_type: card.series_type,
    multi_series: b(card.multi_series),
    real_name_url: safeUrl(card.real_name_url),
    ordered_flag: b(card.ordered_flag),
  };
}

/**
 * The networks of a multi-SIM card. A card inside a wifi device we manage is on whichever SIM the
 * device has attached (a switch is made on the device: devices module), so the device answers;
 * otherwise the carrier does.
 */
async function networksOf(ctx: AppContext, card: Card): Promise<NetworkOption[]> {
  try {
    const serial = ctx.devices ? await repo.deviceSerialOf(ctx.db.kysely, card.id) : undefined;
    if (ctx.devices && serial) {
      const sims = await ctx.devices.sims(serial);
      return sims.map((m) => ({
        carrier: m.carrier,
        name: CARRIER_LABEL[m.carrier] ?? '未知网络',
        active: m.active,
        signal: signalBars(m.signal),
      }));
    }
    return await ctx.carrier.networks(card.custom_num);
  } catch (err) {
    // the network list is a convenience: a carrier or device-cloud hiccup must not take card info down
    ctx.log.warn({ err, custom_num: card.custom_num }, 'networks lookup failed');
    return [];
  }
}

/**
 * Card info. Hot path (every page load): ONE statement reads the card, the access check's facts,
 * agent, today's usage, owner, the owner's member basis and the latest replacement application
 * (repo.cardInfoRow), and the access rule
 * is modules/cardRecord's. The carrier is asked only for a multi-SIM device's networks, and for
 * usage only the very first time a card is seen (so today_sum_flow is not 0 on a card nobody has
 * looked at yet; the row is read again after it); afterwards usage is refreshed by the usage calls.
 */
export async function cardInfo(ctx: AppContext, auth: Auth, customNum: string): Promise<CardInfoAnswer> {
  const read = async () => allowedCard(await repo.cardInfoRow(ctx.db.kysely, customNum, auth.userId, chinaDate(clock.now())), auth);
  let row = await read();
  // read again only when the sync stored something (it answers '' when the carrier failed)
  if (!row.card.flow_synced_at && (await ensureSyncedOnce(ctx, row.card))) row = await read();
  const answer = toCardInfo(row, isMultiSimDevice(row.card) ? await networksOf(ctx, row.card) : []);
  // the owner's member level and rights (docs/decisions/0019); the switch says whether they apply
  const rights = memberRightsAmong(row.owner_rights_basis, row.owner_levels);
  answer.info.x_member_rights = rights;
  answer.info.card_extensions.member_right_switch = rights !== null;
  // a replacement under way: home shows its progress until the new card arrives (the replacement
  // module says where it stands; this only carries it, read in the one statement above)
  answer.info.replacement = progressUnderWay(row.latest_replacement);
  return answer;
}

// ---------- hint ----------

// Every reminder carries what to do about it: a page of this portal.
const RENEW = { text: '去续订', path: '/combo' };
const BUY_REFUEL = { text: '订购加油包', path: '/combo' };
const CUSTOMER = { text: '联系客服', path: '/customer?form=home' };
const DEVICE = { text: '查看设备', path: '/cpe' };
/** The page of each fix the line's problem names (refresh: home reloads the line itself). A package
 *  fix is the order of the package that brings the line back, one tap from paying (decision 0070; the
 *  web's diagnosis/model/fixTarget says the same for the owner). */
const FIX_PATH: Record<FixKind, string | null> = {
  recharge: '/recharge',
  buy_package: '/combo_detail?restore=1',
  buy_refuel: '/combo_detail?restore=1',
  real_name: '/remind',
  replace_card: '/replace_info?form=home',
  customer: CUSTOMER.path,
  switch_network: '/change',
  device: '/cpe',
  refresh: null,
};

/** How loud home says each problem: danger when the card cannot get online for it. */
const CLEW_LEVEL: Record<LineProblemCode, ClewAnswer['level']> = {
  cancelled: 'danger',
  replace_card: 'warning',
  wrong_platform: 'warning',
  restoring: 'info',
  stopped: 'danger',
  not_activated: 'info',
  not_real_named: 'warning',
  no_package: 'info',
  data_used_up: 'danger',
  arrears: 'danger',
  apn: 'warning',
};

/**
 * A short hint about the card for the home page, most serious first, with its button: the line's
 * one problem (modules/line) when there is one — the same words and fix as every other page —
 * otherwise a reminder of an expiry or of data running low.
 */
export async function clew(ctx: AppContext, auth: Auth, customNum: string): Promise<ClewAnswer> {
  const { card, line } = await freshLine(ctx, await accessibleCard(ctx, auth, customNum));
  const problem = line.problem;
  if (problem) {
    const path = problem.fix ? FIX_PATH[problem.fix.kind] : null;
    const level = CLEW_LEVEL[problem.code];
    return {
      level,
      content: `${problem.title}：${problem.detail}`,
      action: problem.fix && path ? { text: problem.fix.text, path } : null,
    };
  }
  // the line works, but the device it sits in is off: nothing connected to it gets online (docs/decisions/0066)
  const device = await deviceOfCard(ctx, card);
  if (device && !device.online)
    return {
      level: 'warning',
      content: `设备离线：您的${device.model_name}${device.reported_at ? `自${formatDateTime(device.reported_at)}起` : ''}未联网，连接它的手机和电脑暂时无法上网。请检查设备电量并开机，上线后自动恢复`,
      action: DEVICE,
    };
  const pkg = line.plan!;
  const days = daysLeft(pkg.expired_at, clock.now());
  if (days !== null && days <= EXPIRY_WARNING_DAYS) {
    // already renewed: say so instead of asking for a renewal the user has made
    const next = await renewalOf(ctx, card, pkg);
    if (next)
      return {
        level: 'info',
        content: `当前套餐「${pkg.name}」有效期至${lastValidDay(pkg.expired_at)}，已续订「${next.name}」，到期后自动生效`,
        action: null,
      };
    const when = days <= 0 ? '今天到期' : `有效期至${lastValidDay(pkg.expired_at)}（还剩${days}天）`;
    return { level: 'warning', content: `当前套餐「${pkg.name}」${when}，请及时续订`, action: RENEW };
  }
  if (pkg.total_kb > 0 && pkg.remaining_kb * 10 < pkg.total_kb) {
    return {
      level: 'warning',
      content: `当前套餐剩余流量不足10%（剩余${formatKb(pkg.remaining_kb)}），请注意用量或订购加油包`,
      action: BUY_REFUEL,
    };
  }
  return { level: 'none', content: '', action: null };
}
