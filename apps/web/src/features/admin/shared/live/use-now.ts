import { useEffect, useState } from 'react';

/** The current time, re-rendered every `intervalMs` (ages such as "5 min" keep counting). */
export function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
