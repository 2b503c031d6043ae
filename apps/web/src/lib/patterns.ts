export { check, MESSAGE, PATTERN } from '@portal/contract/patterns';
