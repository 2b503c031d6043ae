// The role table is the contract's (@portal/contract/admin permissions.ts: pure data an endpoint's
// declaration names); here, the server's reading of it.
import { PERMISSIONS, ROLES, type OperatorRole, type Permission } from '@portal/contract/admin';

export { PERMISSIONS, ROLES, type Permission };

export function can(role: OperatorRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OperatorRole[]).includes(role);
}

export function permissionsOf(role: OperatorRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p));
}
