// /shopping — the agent's device shop (branding's product_form; docs/decisions/0020). Open without
// a login: the devices with their pictures, bands, carriers, the cards they work with, price and
// stock. Buying needs a login (a device order is an order of the current card, paid through the
// ordinary checkout): the quantity with the number input of spec §5 (1–9999, never above the
// stock), the receiver, mobile and address (province / city / district from the region picker and
// the street, or a saved address), then the order is confirmed and paid like any other.
import type { QuoteRequest, ShopProduct } from '@portal/contract';
import { DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import { ShopCode } from '@portal/contract/shopCodes';
import { formatYuan, groupCardNumber } from '@portal/domain';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { Panel } from '../../components/Panel';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useBindList } from '../../features/cards/api/useBindList';
import { switchCard } from '../../features/cards/model/currentCard';
import { Checkout } from '../../features/commerce/components/Checkout';
import type { SavedAddress } from '../../features/addresses/api/addresses';
import { DeliveryAddressFields } from '../../features/addresses/components/DeliveryAddressFields';
import { SavedAddresses } from '../../features/addresses/components/SavedAddresses';
import { addressLine } from '../../features/addresses/model/region';
import { useDeviceFit, useShopProducts } from '../../features/shop/api/shop';
import { fitOf } from '../../features/shop/model/fit';
import { clampQuantity, EMPTY_ORDER_FORM, orderFormError, type OrderField, type OrderFields } from '../../features/shop/model/orderForm';
import styles from '../../features/shop/shop.module.css';
import { ApiError } from '../../lib/api';
import { useFormErrors } from '../../lib/formErrors';
import { loginUrl } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { local } from '../../lib/storage';
import { toast } from '../../lib/toast';
import { typedDigits } from '../../lib/typedDigits';
import { useStored } from '../../lib/useStored';

/** A device of the list; without `onBuy` (the one being ordered) it has no buy button. */
function ProductCard({ p, onBuy }: { p: ShopProduct; onBuy?: () => void }) {
  const soldOut = p.stock <= 0;
  return (
    <li className={styles.product} data-testid="product">
      <img className={styles.picture} src={p.image} alt={p.name} width={96} height={96} />
      <div className={styles.body}>
        <h2 className={styles.name}>{p.name}</h2>
        {p.summary ? <p className={styles.summary}>{p.summary}</p> : null}
        <dl className={styles.facts}>
          <div>
            <dt>频段</dt>
            <dd>{p.bands}</dd>
          </div>
          <div>
            <dt>运营商</dt>
            <dd className={styles.chips}>
              {p.carriers.map((c) => (
                <span key={c} className={styles.chip}>
                  {c}
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt>适用卡片</dt>
            <dd>{p.cards}</dd>
          </div>
        </dl>
        <div className={styles.buyRow}>
          <span className={styles.price}>
            <small>¥</small>
            {formatYuan(p.price)}
            <span className={styles.stock}>{soldOut ? '已售罄' : `库存 ${p.stock}`}</span>
          </span>
          {onBuy ? (
            <button type="button" className={`app-btn app-btn--primary ${styles.buy}`} disabled={soldOut} onClick={onBuy}>
              {soldOut ? '已售罄' : '购买'}
            </button>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The number input of spec §5: − / typed / +, clamped to 1..9999 and to the stock. */
function QuantityInput({ value, max, onChange, id }: { value: number; max: number; onChange(n: number): void; id: string }) {
  const [text, setText] = useState(String(value));
  const set = (n: number) => {
    const v = clampQuantity(n, max);
    setText(String(v));
    onChange(v);
  };
  return (
    <div className={styles.stepper}>
      <button type="button" aria-label="减少数量" disabled={value <= 1} onClick={() => set(value - 1)}>
        −
      </button>
      <input
        id={id}
        aria-label="购买数量"
        inputMode="numeric"
        maxLength={4}
        value={text}
        onChange={(e) => setText(typedDigits(e.currentTarget, 4))}
        onBlur={() => set(text === '' ? 1 : Number(text))}
      />
      <button type="button" aria-label="增加数量" disabled={value >= Math.min(max, 9999)} onClick={() => set(value + 1)}>
        +
      </button>
    </div>
  );
}

function OrderForm({ product, customNum }: { product: ShopProduct; customNum: string }) {
  const [fields, setFields] = useState<OrderFields>(EMPTY_ORDER_FORM);
  const [confirmed, setConfirmed] = useState<OrderFields | null>(null);
  const form = useFormErrors<OrderField>('shop');
  const pick = (a: SavedAddress) => {
    form.clear();
    setFields((f) => ({
      ...f,
      receiver: a.receiver,
      mobile: a.mobile,
      province: a.province,
      city: a.city,
      district: a.district,
      address: a.address,
    }));
  };
  const request = useMemo<QuoteRequest | null>(
    () =>
      confirmed && {
        custom_num: customNum,
        goods_type: 'device',
        product_id: product.id,
        quantity: confirmed.quantity,
        delivery: {
          receiver: confirmed.receiver.trim(),
          mobile: confirmed.mobile.trim(),
          province: confirmed.province,
          city: confirmed.city,
          district: confirmed.district,
          address: confirmed.address.trim(),
        },
      },
    [confirmed, customNum, product.id],
  );

  function next(e: FormEvent) {
    e.preventDefault();
    const error = orderFormError(fields);
    if (error) return form.fail(error.field, error.message);
    form.clear();
    setConfirmed({ ...fields, quantity: clampQuantity(fields.quantity, product.stock) });
  }

  if (confirmed && request) {
    return (
      <>
        <Panel
          title="确认订单"
          extra={
            <button type="button" className={styles.linkButton} onClick={() => setConfirmed(null)}>
              修改
            </button>
          }
        >
          <dl className={styles.summaryLines}>
            <div>
              <dt>商品</dt>
              <dd>
                {product.name} ×{confirmed.quantity}
              </dd>
            </div>
            <div>
              <dt>收货人</dt>
              <dd>
                {confirmed.receiver.trim()} {confirmed.mobile.trim()}
              </dd>
            </div>
            <div>
              <dt>收货地址</dt>
              <dd>{addressLine({ ...confirmed, address: confirmed.address.trim() })}</dd>
            </div>
            <div>
              <dt>使用卡片</dt>
              <dd>{customNum}</dd>
            </div>
          </dl>
        </Panel>
        <Checkout
          request={request}
          payLabel="提交订单"
          refusalAction={(refusal) =>
            refusal.code === ShopCode.TOO_MANY_UNPAID ? (
              <Link className={`app-btn app-btn--ghost app-btn--block ${styles.next}`} to="/order?tab=pending">
                去「我的订单」支付或取消
              </Link>
            ) : null
          }
        />
      </>
    );
  }

  return (
    <Panel title="填写订单">
      <form onSubmit={next} noValidate>
        <div className={styles.stepperRow}>
          <label htmlFor="shop-quantity">购买数量</label>
          <QuantityInput
            id="shop-quantity"
            value={fields.quantity}
            max={product.stock}
            onChange={(quantity) => setFields((f) => ({ ...f, quantity }))}
          />
        </div>
        <p className={styles.hint}>
          单价 ¥{formatYuan(product.price)}，库存 {product.stock} 件
        </p>
        <SavedAddresses onPick={pick} empty={!fields.receiver && !fields.mobile && !fields.province && !fields.address} />
        <DeliveryAddressFields
          form={form}
          fields={{ receiver: 'receiver', mobile: 'mobile', region: 'region', address: 'address' }}
          value={fields}
          onChange={(change) => setFields((f) => ({ ...f, ...change }))}
        />
        {form.message()}
        <button type="submit" className={`app-btn app-btn--primary app-btn--block ${styles.next}`}>
          下一步：确认订单
        </button>
      </form>
    </Panel>
  );
}

/**
 * The card the device is bought with, and whether the device fits it — said before the address
 * form, which shows only for a card it fits. 更换 offers the holder's other cards,
 * each with whether the device fits it; one it fits becomes the current card (a device order is an
 * order of the current card). A card-number login has this one card only.
 */
function CardForDevice({ product, customNum, children }: { product: ShopProduct; customNum: string; children: ReactNode }) {
  const cardLogin = useStored('cardLogin') ?? false;
  const [picking, setPicking] = useState(false);
  const [current] = useDeviceFit([customNum], product.id);
  const fit = fitOf(current!);
  const offerOthers = !cardLogin && (picking || fit === 'no');
  const bound = useBindList(offerOthers);
  const others = offerOthers ? (bound.data ?? []).filter((c) => c.custom_num !== customNum) : [];
  const othersFit = useDeviceFit(
    others.map((c) => c.custom_num),
    product.id,
  ).map(fitOf);
  const noneFits = bound.isSuccess && othersFit.every((f) => f === 'no');

  const use = (card: { custom_num: string; nickname: string }) => {
    switchCard(card.custom_num, local);
    toast(`已切换到 ${card.nickname || card.custom_num}`);
    setPicking(false);
  };

  return (
    <>
      <Panel
        title="使用卡片"
        extra={
          !cardLogin && !offerOthers ? (
            <button type="button" className={styles.linkButton} onClick={() => setPicking(true)}>
              更换
            </button>
          ) : null
        }
      >
        <p className={styles.fit} data-testid="device-fit" data-fit={fit}>
          <span className={styles.cardNum}>{groupCardNumber(customNum)}</span>
          <span className={styles[`fit_${fit}`]}>
            {fit === 'checking' ? '正在确认是否适用…' : fit === 'no' ? '不适用' : fit === 'fits' ? '适用' : '下单时确认是否适用'}
          </span>
        </p>
        {fit === 'no' && (
          <p className={styles.fitWhy}>
            {current!.error instanceof ApiError && current!.error.code === ShopCode.NOT_COMPATIBLE
              ? `该设备只适用于「${product.cards}」的卡片，这张卡不适用`
              : current!.error instanceof Error
                ? current!.error.message
                : ''}
          </p>
        )}
        {fit === 'no' && cardLogin && <p className={styles.hint}>卡号登录只能使用这张卡；用账号或手机号登录可选择您的其他卡片。</p>}
        {offerOthers && (
          <div className={styles.otherCards} data-testid="other-cards">
            <p className={styles.hint}>{fit === 'no' ? '换一张适用的卡购买：' : '选择购买设备使用的卡片：'}</p>
            {bound.isPending ? (
              <p className={styles.hint}>正在读取您的卡片…</p>
            ) : bound.isError ? (
              <button type="button" className={styles.linkButton} onClick={() => void bound.refetch()}>
                卡片读取失败，重试
              </button>
            ) : (
              <ul className={styles.cardChoices} aria-label="我的卡片">
                {others.map((c, i) => (
                  <li key={c.custom_num} className={styles.cardChoice} data-card={c.custom_num}>
                    <span>
                      <span className={styles.cardNum}>{groupCardNumber(c.custom_num)}</span>
                      {c.nickname ? <span className={styles.hint}> {c.nickname}</span> : null}
                    </span>
                    {othersFit[i] === 'no' ? (
                      <span className={styles.fit_no}>不适用</span>
                    ) : othersFit[i] === 'checking' ? (
                      <span className={styles.fit_checking}>确认中…</span>
                    ) : (
                      <button type="button" className={`app-btn app-btn--ghost ${styles.useCard}`} onClick={() => use(c)}>
                        用这张卡
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {noneFits && fit === 'no' && <p className={styles.fitWhy}>您的卡片都不适用该设备：可以绑定适用的卡片，或看看其他设备。</p>}
            <div className={styles.fitActions}>
              {fit === 'no' ? (
                <>
                  <Link className="app-btn app-btn--ghost" to="/bind_card">
                    绑定卡片
                  </Link>
                  <Link className="app-btn app-btn--ghost" to="/shopping">
                    查看其他设备
                  </Link>
                </>
              ) : (
                <button type="button" className="app-btn app-btn--ghost" onClick={() => setPicking(false)}>
                  继续使用 {groupCardNumber(customNum)}
                </button>
              )}
            </div>
          </div>
        )}
        {fit === 'no' && cardLogin && (
          <div className={styles.fitActions}>
            <Link className="app-btn app-btn--ghost" to="/shopping">
              查看其他设备
            </Link>
          </div>
        )}
      </Panel>
      {fit === 'fits' || fit === 'unknown' ? children : null}
    </>
  );
}

function ShoppingPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mark = useStored('mark') || DEFAULT_AGENT_MARK;
  const token = useStored('token');
  const customNum = useStored('customNum');
  const products = useShopProducts(mark);
  const chosenId = Number(params.get('product') ?? 0);
  const chosen = products.data?.list.find((p) => p.id === chosenId);

  const buy = (p: ShopProduct) => {
    const target = `/shopping?product=${p.id}`;
    if (!token) navigate(loginUrl({ mark, loginModel: 'mobile', redirect: target }));
    else setParams({ product: String(p.id) });
  };

  let body;
  if (products.isPending) body = <PageLoading />;
  else if (products.isError) body = <LoadFailed text="商品加载失败" onRetry={() => products.refetch()} />;
  else if (!products.data.open) body = <StateBlock kind="empty" text="设备商城暂未开放" />;
  else if (chosenId && !chosen)
    body = (
      <StateBlock
        kind="empty"
        text="该商品不存在或已下架"
        action={
          <Link className="app-btn app-btn--primary" to="/shopping">
            返回商城
          </Link>
        }
      />
    );
  else if (chosen) {
    body = (
      <>
        <ul className={styles.list}>
          <ProductCard p={chosen} />
        </ul>
        {!token ? (
          <StateBlock
            kind="empty"
            text="登录后即可购买"
            action={
              <Link
                className="app-btn app-btn--primary"
                to={loginUrl({ mark, loginModel: 'mobile', redirect: `/shopping?product=${chosen.id}` })}
              >
                登录
              </Link>
            }
          />
        ) : !customNum ? (
          <StateBlock
            kind="empty"
            text="下单需要一张卡片，请先绑定卡片"
            action={
              <Link className="app-btn app-btn--primary" to="/bind_card">
                绑定卡片
              </Link>
            }
          />
        ) : chosen.stock <= 0 ? (
          <StateBlock
            kind="empty"
            text="该商品已售罄，可以看看其他设备"
            action={
              <Link className="app-btn app-btn--primary" to="/shopping">
                查看其他设备
              </Link>
            }
          />
        ) : (
          <CardForDevice product={chosen} customNum={customNum}>
            <OrderForm key={chosen.id} product={chosen} customNum={customNum} />
          </CardForDevice>
        )}
      </>
    );
  } else if (products.data.list.length === 0) body = <StateBlock kind="empty" text="暂无在售设备" />;
  else
    body = (
      <ul className={styles.list} aria-label="在售设备">
        {products.data.list.map((p) => (
          <ProductCard key={p.id} p={p} onBuy={() => buy(p)} />
        ))}
      </ul>
    );

  return (
    <div className={chosen && token && customNum ? styles.pageWithBar : styles.page}>
      <PageHeader title={chosen ? '购买设备' : '设备商城'} fallback={chosen ? '/shopping' : '/mine'} />
      {body}
    </div>
  );
}

export default withQuery(ShoppingPage);
