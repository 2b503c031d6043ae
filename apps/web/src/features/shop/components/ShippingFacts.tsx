// A device order's goods, address and shipping (待发货 → 已发货 with carrier and tracking number →
// 已签收), on the order detail and the shop's result page.
import type { OrderDevice } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { CopyButton } from '../../../components/CopyButton';
import { Panel } from '../../../components/Panel';
import styles from '../shop.module.css';

export function ShippingFacts({ device }: { device: OrderDevice }) {
  return (
    <Panel
      title="收货与物流"
      extra={
        <span className={styles.shipState} data-state={device.ship_state} data-testid="ship-state">
          {device.ship_state_label}
        </span>
      }
    >
      <dl className={styles.summaryLines}>
        <div>
          <dt>商品</dt>
          <dd>
            {device.name} ×{device.quantity}（¥{formatYuan(device.unit_price)}/件）
          </dd>
        </div>
        <div>
          <dt>收货人</dt>
          <dd>
            {device.receiver} {device.mobile}
          </dd>
        </div>
        <div>
          <dt>收货地址</dt>
          <dd>{device.address}</dd>
        </div>
        {device.ship_state === 'awaiting' ? (
          <div>
            <dt>物流</dt>
            <dd>支付成功后 48 小时内发货，发货后可在此查看快递单号</dd>
          </div>
        ) : (
          <>
            <div>
              <dt>快递公司</dt>
              <dd>{device.carrier}</dd>
            </div>
            <div>
              <dt>快递单号</dt>
              <dd data-testid="tracking-no">
                {device.tracking_no} <CopyButton text={device.tracking_no} label="快递单号" />
              </dd>
            </div>
          </>
        )}
      </dl>
    </Panel>
  );
}
