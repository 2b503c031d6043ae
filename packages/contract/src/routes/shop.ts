// Written by `npm run routes` from ../portal/shop.ts, where each endpoint is declared: do not edit.

export const shopProducts = 'GET /v2/shop/products';
export const qrBindCheck = 'GET /v2/qr_code_login/check';
export const qrBind = 'POST /v2/qr_code_login/bind';
