// Input rules of the real-name forms, shared by the zod schemas and the web forms (see ./account.ts).

/** A Chinese name, 2 to 30 characters, with the middle dot of minority and foreign names between parts. */
export const PERSON_NAME = {
  pattern: /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/,
  min: 2,
  max: 30,
  message: '请输入正确的中文姓名',
} as const;
