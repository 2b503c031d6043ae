// /guide and /regtip — 使用指引: how a new card gets working (insert, bind and activate, real-name,
// a plan, where to get help), each step with the page where the user does it; the agent's guide and
// official-account QR codes. Open without login; the shell puts an arrow beside the 客服 button.
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { useBrand } from '../../features/branding/model/brandingStore';
import { useStored } from '../../lib/useStored';
import styles from './Support.module.css';

interface Step {
  title: string;
  points: string[];
  links: { to: string; label: string; primary?: boolean }[];
}

function stepsFor(loggedIn: boolean, hotline: string): Step[] {
  return [
    {
      title: '插入流量卡',
      points: [
        '手机或平板：关机后用取卡针取出卡托，芯片面朝下放入卡托，推回后开机。',
        '随身WiFi / 路由器：断电后将卡插入设备卡槽，再接通电源开机。',
        '开机后等待 1–3 分钟，待信号图标出现再联网。',
      ],
      links: [],
    },
    {
      title: '登录并绑定卡片',
      points: [
        '用手机号验证码、账号密码或卡号登录本平台。',
        '绑定卡片：卡号印在卡托背面，也可以扫描卡托上的条码。绑定后即可查询流量、余额并办理业务。',
      ],
      links: loggedIn
        ? [{ to: '/bind_card', label: '绑定卡片', primary: true }]
        : [
            { to: '/login', label: '去登录', primary: true },
            { to: '/bind_card', label: '绑定卡片' },
          ],
    },
    {
      title: '完成实名认证',
      points: [
        '按国家规定，流量卡须完成实名认证后才能正常上网。',
        '绑卡后按页面提示完成：填写个人信息、上传证件照片并进行人脸核验，一般几分钟内生效。',
      ],
      links: [{ to: '/tip', label: '查看本卡待办与实名入口' }],
    },
    {
      title: '订购套餐，开始上网',
      points: ['选择适合的流量套餐并支付，套餐生效后即可上网。', '也可先充值余额，之后用余额订购或自动续费。'],
      links: [
        { to: '/combo', label: '订购套餐', primary: true },
        { to: '/recharge', label: '余额充值' },
      ],
    },
    {
      title: '遇到问题',
      points: [
        '无法上网时，先用「智能检测」查看卡状态、实名、套餐和信号，按提示处理。',
        hotline ? `仍未解决请联系在线客服，或拨打客服电话 ${hotline}。` : '仍未解决请联系在线客服，客服会尽快为您处理。',
      ],
      links: [
        { to: '/card_check', label: '智能检测' },
        { to: '/customer?form=guide', label: '联系客服' },
      ],
    },
  ];
}

export default function GuidePage() {
  const brand = useBrand();
  const token = useStored('token');
  const steps = stepsFor(Boolean(token), brand.hotline);
  const codes = [
    { src: brand.guideQrcode, caption: '扫码查看图文指引' },
    { src: brand.officialAccountQrcode, caption: '关注公众号，查询更方便' },
  ].filter((c) => c.src);

  return (
    <div className={styles.page}>
      <PageHeader title="使用指引" />
      <div className={styles.hero}>
        <p className={styles.heroTitle}>新卡到手，4 步开始上网</p>
        <p className={styles.heroText}>插卡 → 绑卡 → 实名认证 → 订购套餐。每一步都可以在{brand.appName}里完成。</p>
      </div>
      {steps.map((s, i) => (
        <Panel key={s.title}>
          <section className={styles.step} aria-labelledby={`guide-step-${i}`}>
            <span className={styles.stepNo} aria-hidden="true">
              {i + 1}
            </span>
            <div className={styles.stepBody}>
              <h2 id={`guide-step-${i}`} className={styles.heroTitle} style={{ fontSize: 'calc(16 * var(--px))' }}>
                {s.title}
              </h2>
              <ul className={styles.points}>
                {s.points.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              {s.links.length > 0 && (
                <div className={styles.links}>
                  {s.links.map((l) => (
                    <Link key={l.to} to={l.to} className={l.primary ? `${styles.link} ${styles.linkPrimary}` : styles.link}>
                      {l.label}
                    </Link>
                  ))}
                </div>
              )}
            </div>
          </section>
        </Panel>
      ))}
      {codes.length > 0 && (
        <Panel title="扫码获取更多帮助">
          <div className={styles.codes}>
            {codes.map((c) => (
              <figure key={c.caption} className={styles.code}>
                <img src={c.src} alt={c.caption} loading="lazy" />
                <figcaption>{c.caption}</figcaption>
              </figure>
            ))}
          </div>
          <p className={styles.muted} style={{ marginTop: 'calc(10 * var(--px))' }}>
            在微信中长按二维码即可识别；其他浏览器中可截图后用微信「扫一扫」识别相册中的图片。
          </p>
        </Panel>
      )}
    </div>
  );
}
