import { useEffect, useState, useSyncExternalStore } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { LIMITS } from '@qr-menu/contract';
import { session } from '../../../api/session';

/** The stored restaurant id; also polled every second to catch changes from elsewhere. */
export function useStoredRestaurantId(): number | null {
  const stored = useSyncExternalStore(session.subscribe, session.getRestaurantId);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), LIMITS.storedIdPollMs);
    return () => clearInterval(timer);
  }, []);
  return stored;
}

/** restaurantId (or id) from the path, then the query, then the selected restaurant. */
export function useSelectedRestaurantId(): number | null {
  const params = useParams();
  const [search] = useSearchParams();
  const stored = useStoredRestaurantId();
  const raw = params.restaurantId ?? search.get('restaurantId') ?? null;
  const fromRoute = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return fromRoute ?? stored;
}
