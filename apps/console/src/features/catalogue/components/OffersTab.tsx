// 首充优惠: each agent's first-recharge offer, 设置 for the platform.
import { useState } from 'react';
import { urlOf } from '../../../lib/api';
import { yuan } from '../../../lib/format';
import { linkColumn } from '../../../components/columns';
import { ListPage } from '../../../components/ListPage';
import { rechargeOffersList, type RechargeOffer } from '../api/getRechargeOffers';
import { OfferModal } from './OfferModal';
import * as admin from '@portal/contract/routes/admin';

export function OffersTab({ canManage }: { canManage: boolean }) {
  const [edit, setEdit] = useState<RechargeOffer | null>(null);
  return (
    <>
      <ListPage<RechargeOffer>
        card={false}
        name="首充优惠"
        {...rechargeOffersList()}
        exportUrl={urlOf(admin.adminExportRechargeOffers)}
        empty="暂无代理"
        rowKey="agent_id"
        table={{ size: 'middle', tableLayout: 'auto' }}
        columns={[
          { title: '代理', dataIndex: 'agent_name', width: 160 },
          { title: '首充优惠', key: 'title', render: (_v, r) => r.offer?.title ?? '未设置' },
          { title: '充值金额', key: 'amount', width: 120, align: 'right', render: (_v, r) => (r.offer ? yuan(r.offer.amount_fen) : '—') },
          { title: '赠送金额', key: 'bonus', width: 120, align: 'right', render: (_v, r) => (r.offer ? yuan(r.offer.bonus_fen) : '—') },
          ...(canManage ? [linkColumn<RechargeOffer>('设置', setEdit, 90)] : []),
        ]}
      />
      {edit ? <OfferModal value={edit} onClose={() => setEdit(null)} /> : null}
    </>
  );
}
