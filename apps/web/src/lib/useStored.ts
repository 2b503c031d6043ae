import { useMemo, useSyncExternalStore } from 'react';
import { local, type LOCAL_CODECS, type StoredValues } from './storage';

type Key = keyof typeof LOCAL_CODECS & string;

/** A persisted value that re-renders the component when anything writes it. */
export function useStored<K extends Key>(key: K): StoredValues<typeof LOCAL_CODECS>[K] | undefined {
  const version = useSyncExternalStore(local.subscribe, local.version, local.version);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the change signal
  return useMemo(() => local.get(key), [key, version]);
}
