import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A route's page, downloaded when the route is first shown. */
export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
