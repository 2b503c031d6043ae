// When the floating customer-service buttons show (spec section 2).
export interface RouteForService {
  path: string;
  name: string;
  meta: { noShowKF?: boolean; noCpeKF?: boolean };
}

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
  const cpeArea = route.name.includes('cpe');
  return {
    main: !cpeArea && !route.meta.noShowKF,
    cpe: cpeArea && !route.meta.noCpeKF,
  };
}
