// Routes of the device shop and of binding by the box's QR code: see ./index.ts. A device order is
// created, paid, listed and shown through the commerce routes (goods_type 'device').

export const shopProducts = 'GET /v2/shop/products';
export const qrBindCheck = 'GET /v2/qr_code_login/check';
export const qrBind = 'POST /v2/qr_code_login/bind';
