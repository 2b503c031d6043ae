// When the floating customer-service buttons show (docs/spec/portal-spec.md §2).
import type { RouteDef } from '../../../config/routes';

export type RouteForService = Pick<RouteDef, 'path' | 'area'> & { meta: Pick<RouteDef['meta'], 'noShowKF' | 'noCpeKF'> };

export interface ServiceConfig {
  openCustomer: boolean;
  /** already through safeUrl: "" when unset or unsafe */
  customerUrl: string;
}

export interface ServiceButtons {
  /** the app's floating button */
  main: boolean;
  /** the wifi-device area's own button */
  cpe: boolean;
}

export function serviceButtons(route: RouteForService | undefined, cfg: ServiceConfig): ServiceButtons {
  const configured = cfg.openCustomer && cfg.customerUrl !== '';
  if (!route || !configured || route.path === '/login') return { main: false, cpe: false };
  const cpeArea = route.area === 'wifiDevice';
  return {
    main: !cpeArea && !route.meta.noShowKF,
    cpe: cpeArea && !route.meta.noCpeKF,
  };
}
