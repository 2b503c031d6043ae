// OpenAPI tags shared by several areas of the portal's endpoints.

export const account = ['auth'];
export const cardPassword = ['card password'];
export const cards = ['cards'];
export const usage = ['usage'];
export const realName = ['real-name'];
export const commerce = ['commerce'];
export const devices = ['devices'];
export const alerts = ['alerts'];
export const upgrade = ['upgrade'];
