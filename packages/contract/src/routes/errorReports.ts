// Route of the phones' error reports (docs/decisions/0037-errors-from-phones.md): see ./index.ts.

export const errorReports = 'POST /v1/error_reports';
