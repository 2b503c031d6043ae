// When the floating customer-service buttons show (docs/spec/portal-spec.md §2).
import type { RouteDef } from '../../../config/routes';

export type RouteForService = Pick<RouteDef, 'path' | 'area'> & { meta: Pick<RouteDef['meta'], 'noShowKF' | 'noCpeKF'> };

export interface ServiceConfig {
  /** the agent offers online service: its own chat address, or else the built-in 在线咨询 (docs/decisions/0034) */
  openCustomer: boolean;
}

export interface ServiceButtons {
  /** the app's floating button */
  main: boolean;
  /** the wifi-device area's own button */
  cpe: boolean;
}

export function serviceButtons(route: RouteForService | undefined, cfg: ServiceConfig): ServiceButtons {
  if (!route || !cfg.openCustomer || route.path === '/login') return { main: false, cpe: false };
  const cpeArea = route.area === 'wifiDevice';
  return {
    main: !cpeArea && !route.meta.noShowKF,
    cpe: cpeArea && !route.meta.noCpeKF,
  };
}
