// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/addresses.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { AddressIdBody, AddressListAnswer, AddressSaveRequest, SavedAddress } from '../addresses';

export const addressesEndpoints = declareArea({
  addressList: {
    route: 'GET /v1/user/addresses',
    access: 'holder',
    tags: ['addresses'],
    summary: '我的收货地址（仅本人；默认地址在前；卡号登录没有）',
    answer: AddressListAnswer,
  },
  addressSave: {
    route: 'POST /v1/user/addresses',
    access: 'holder',
    tags: ['addresses'],
    summary: '新增或修改收货地址（仅本人的；省 / 市 / 区县须为行政区划中真实的一组）',
    body: AddressSaveRequest,
    answer: SavedAddress,
  },
  addressDelete: {
    route: 'POST /v1/user/addresses/delete',
    access: 'holder',
    tags: ['addresses'],
    summary: '删除收货地址（仅本人的）',
    body: AddressIdBody,
    answer: AddressListAnswer,
  },
  addressSetDefault: {
    route: 'POST /v1/user/addresses/default',
    access: 'holder',
    tags: ['addresses'],
    summary: '设为默认收货地址（仅本人的）',
    body: AddressIdBody,
    answer: AddressListAnswer,
  },
});
