// The network a card holder knows their card by. A card's supplier is who sells the line to the
// agent (八骏, 耐族, 酷鱼 …) or what kind of device it is (多卡, 随身WiFi): neither is a network.
// The user knows 中国移动 / 中国联通 / 中国电信 / 中国广电, or 三网通 for a device that carries
// several carriers' SIMs and switches between them.
import { CardModel, Supplier } from '@portal/contract/enums';

export type NetworkName = '中国移动' | '中国联通' | '中国电信' | '中国广电' | '三网通';

export interface NetworkFields {
  supplier: number;
  card_mold: number;
  iccid: string;
}

const MULTI_SIM_MOLDS: ReadonlySet<number> = new Set([CardModel.multiCardDevice, CardModel.mifiMultiCardDevice, CardModel.YrMIFIMulti5G]);

/** Devices that hold several carriers' SIMs and can switch between them. */
export function isMultiSimDevice(card: Pick<NetworkFields, 'supplier' | 'card_mold'>): boolean {
  return card.supplier === Supplier.MoreCard || MULTI_SIM_MOLDS.has(card.card_mold);
}

/** Suppliers that ARE a network (or resell exactly one: 联合联通 is Unicom's). */
const SUPPLIER_NETWORK: Partial<Record<number, NetworkName>> = {
  [Supplier.Mobile]: '中国移动',
  [Supplier.Unicom]: '中国联通',
  [Supplier.Telecom]: '中国电信',
  [Supplier.JointUnicom]: '中国联通',
  [Supplier.CME]: '中国广电',
};

/**
 * The issuer code of a Chinese ICCID (89 86 II …, ITU-T E.118): the two digits after "8986" name
 * the network that issued the SIM, whoever resells it.
 */
const ICCID_ISSUER: Record<string, NetworkName> = {
  '00': '中国移动',
  '02': '中国移动',
  '04': '中国移动',
  '07': '中国移动',
  '08': '中国移动',
  '13': '中国移动',
  '01': '中国联通',
  '06': '中国联通',
  '09': '中国联通',
  '10': '中国联通',
  '03': '中国电信',
  '05': '中国电信',
  '11': '中国电信',
  '12': '中国电信',
  '15': '中国广电',
};

/**
 * The network to show: 三网通 for a multi-SIM device; the network a carrier supplier is; for a
 * reseller or a single-SIM device, the network that issued the SIM (ICCID issuer code); "" when
 * none of these tells (the page shows "-", never the supplier's name).
 */
export function networkName(card: NetworkFields): NetworkName | '' {
  if (isMultiSimDevice(card)) return '三网通';
  const bySupplier = SUPPLIER_NETWORK[card.supplier];
  if (bySupplier) return bySupplier;
  return issuerNetworkOf(card.iccid);
}

/** The network that issued a Chinese ICCID, by its issuer code; '' for another country's or an unknown code. */
export function issuerNetworkOf(iccid: string | null | undefined): NetworkName | '' {
  const m = /^8986(\d{2})/.exec((iccid ?? '').trim());
  return (m && ICCID_ISSUER[m[1]!]) || '';
}

/** The networks by their number where a carrier platform kind declares it (CARRIER_LABEL: 1 移动, 2 联通, 3 电信). */
const NETWORK_NUMBER: Partial<Record<NetworkName, number>> = { 中国移动: 1, 中国联通: 2, 中国电信: 3 };

/**
 * The carrier number (CARRIER_LABEL) that issued an ICCID: 1 China Mobile, 2 China Unicom,
 * 3 China Telecom; null when the issuer code does not tell (another country, 广电, unknown).
 */
export function issuerCarrierOf(iccid: string | null | undefined): number | null {
  const name = issuerNetworkOf(iccid);
  return (name && NETWORK_NUMBER[name]) || null;
}
