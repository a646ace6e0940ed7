import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ReactNode,
} from 'react';

/**
 * The guest pages' router without react-router (it was ~20 KB of the first load): the history API, the
 * same URLs, links and back button. Paths outside /client are left to the browser (a full page load: the admin
 * app has its own router). Tests and the server renderer use a MemoryRouter at a given path.
 */
export interface GuestLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
}
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface RouterValue {
  location: GuestLocation;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterValue | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

const GUEST_PREFIX = /^\/client(\/|$)/;

function split(to: string): Omit<GuestLocation, 'state'> {
  const url = new URL(to, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

// The browser's location, as a snapshot that changes only on navigation (useSyncExternalStore).
const listeners = new Set<() => void>();
let current: GuestLocation | null = null;
function browserLocation(): GuestLocation {
  if (!current) {
    const { pathname, search, hash } = window.location;
    current = { pathname, search, hash, state: (window.history.state as { usr?: unknown } | null)?.usr ?? null };
  }
  return current;
}
function changed() {
  current = null;
  for (const l of listeners) l();
}
function subscribeBrowser(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('popstate', changed);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', changed);
  };
}

const browserNavigate: NavigateFunction = (to, options = {}) => {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const target = split(to);
  if (!GUEST_PREFIX.test(target.pathname)) {
    // Not a guest page: the admin, sign-in and marketing pages load with their own app.
    if (options.replace) window.location.replace(to);
    else window.location.assign(to);
    return;
  }
  // `usr`: where react-router kept the state, so a history entry of the old router still reads the same.
  const state = { usr: options.state ?? null };
  const url = target.pathname + target.search + target.hash;
  if (options.replace) window.history.replaceState(state, '', url);
  else window.history.pushState(state, '', url);
  changed();
};

/** The router of the guest app in the browser (hydration reads the same location: the server rendered this URL). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribeBrowser, browserLocation, browserLocation);
  const value = useMemo(() => ({ location, navigate: browserNavigate }), [location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** A router at a given path, in memory (the server renderer, tests). */
export function MemoryRouter({ path = '/', children }: { path?: string; children: ReactNode }) {
  const [entries, setEntries] = useState<GuestLocation[]>(() => [{ ...split(path), state: null }]);
  const navigate = useCallback<NavigateFunction>((to, options = {}) => {
    setEntries((list) => {
      if (typeof to === 'number')
        return to < 0 && list.length > 1 ? list.slice(0, Math.max(1, list.length + to)) : list;
      const next = { ...split(to), state: options.state ?? null };
      return options.replace ? [...list.slice(0, -1), next] : [...list, next];
    });
  }, []);
  const location = entries[entries.length - 1];
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('guest router: no BrowserRouter or MemoryRouter above');
  return router;
}

export const useLocation = (): GuestLocation => useRouter().location;
export const useNavigate = (): NavigateFunction => useRouter().navigate;
export const useParams = (): Record<string, string | undefined> => useContext(ParamsContext);

/** Gives the page the parameters of the route it matched. */
export function ParamsProvider({ params, children }: { params: Record<string, string>; children: ReactNode }) {
  return <ParamsContext.Provider value={params}>{children}</ParamsContext.Provider>;
}

/**
 * The parameters of `pattern` (`/a/:id/b`, case-insensitive, a trailing slash allowed) when `pathname` matches it,
 * else null.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(':')) {
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i].toLowerCase() !== got[i].toLowerCase()) return null;
  }
  return params;
}

/** Goes to `to` once rendered (as react-router's <Navigate>). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

/** An <a> whose plain left click navigates inside the app; other clicks (new tab…) are the browser's. */
export function Link({
  to,
  replace,
  state,
  onClick,
  ...rest
}: { to: string } & NavigateOptions & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
        if (rest.target && rest.target !== '_self') return;
        e.preventDefault();
        navigate(to, { replace, state });
      }}
    />
  );
}
