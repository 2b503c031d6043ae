import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { BUILT_ROUTES } from './routes';

/** One React.lazy per built route: each page is its own chunk (route-level code splitting). */
export const LAZY_PAGES: ReadonlyMap<string, LazyExoticComponent<ComponentType>> = new Map(
  BUILT_ROUTES.map((r) => [r.path, lazy(r.load!)]),
);
