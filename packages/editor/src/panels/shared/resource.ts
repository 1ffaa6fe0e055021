import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../api.js';

export interface Resource<T> {
  data: T | undefined;
  error: string;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads `path` from the owner API on mount and when the path changes; `reload` fetches it again. */
export function useResource<T>(path: string | undefined): Resource<T> {
  const [data, setData] = useState<T | undefined>();
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(!!path);
  const latest = useRef(path);
  latest.current = path;

  const reload = useCallback(async () => {
    if (!path) return;
    setLoading(true);
    try {
      const found = await api<T>('GET', path);
      if (latest.current !== path) return;
      setData(found);
      setError('');
    } catch (e) {
      if (latest.current !== path) return;
      setError(e instanceof ApiError && e.status === 0 ? 'Unable to reach the server. Retry.' : (e as Error).message);
    } finally {
      if (latest.current === path) setLoading(false);
    }
  }, [path]);

  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload };
}
