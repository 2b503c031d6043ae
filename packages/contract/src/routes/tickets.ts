// Routes of complaints and suggestions as tickets (/suggest): see ./index.ts.

export const ticketUpload = 'POST /v2/complaints_suggestions/upload';
export const ticketCreate = 'POST /v2/complaints_suggestions';
export const ticketList = 'GET /v2/complaints_suggestions';
export const ticketDetail = 'GET /v2/complaints_suggestions/detail';
export const ticketClose = 'POST /v2/complaints_suggestions/close';
