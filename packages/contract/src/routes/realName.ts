// Written by `npm run routes` from ../portal/realName.ts, where each endpoint is declared: do not edit.

export const realNameDataV1 = 'GET /v1/user/real_name_recharge';
export const realNameData = 'GET /v2/real_name_recharge';
export const cardRealName = 'POST /v1/user/card_real_name';
export const realNameStart = 'POST /v1/real_name/start';
export const realNameStatus = 'GET /v1/real_name/status';
export const packageSeries = 'GET /v1/package/series';
export const selectSeries = 'POST /v1/card/select_series';
export const changeCardInfo = 'GET /v1/card/change_card_info';
export const changeCardContent = 'GET /v2/overt/change_card_content';
export const changeCard = 'POST /v1/card/change_card';
export const upload = 'POST /v1/upload';
export const uploadedFile = 'GET /v1/upload/:id';
