import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SetupProgress } from '@qr-menu/contract';
import { api } from '../../../api/client';
import { storedValue, type StoredValue } from './stored-value';

/**
 * The owner's start checklist: its data (GET /api/eatery/{id}/setup-progress), which steps are done, and what this
 * device remembers (the checklist hidden, "I work alone"). The start page (layout) and the checklist (setup) share it.
 */

export const setupKeys = { progress: (eateryId: number) => ['setup-progress', eateryId] as const };

/** How often the checklist looks again while it waits for the test order from a phone. */
export const SETUP_POLL_MS = 5000;

/** The test order's QR code is on the checklist (a dish and a table exist) and no order has come yet. */
export const waitingForTestOrder = (p: SetupProgress | undefined) =>
  !!p && p.dishes > 0 && p.tables > 0 && !p.hasOrders;

/**
 * The restaurant's progress, asked again whenever a screen showing it mounts or the window gets the focus back (the
 * owner comes back from adding dishes in another tab). `watch` (the checklist): also every SETUP_POLL_MS while it
 * waits for the test order, which comes from the owner's phone, not from this window.
 */
export const useSetupProgress = (eateryId: number | null, watch = false) =>
  useQuery({
    queryKey: setupKeys.progress(eateryId ?? 0),
    queryFn: () => api<SetupProgress>(`/api/eatery/${eateryId}/setup-progress`),
    enabled: !!eateryId,
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => (watch && waitingForTestOrder(query.state.data) ? SETUP_POLL_MS : false),
  });

export type SetupStepId = 'details' | 'menu' | 'tables' | 'staff' | 'testOrder';
export const SETUP_STEPS: readonly SetupStepId[] = ['details', 'menu', 'tables', 'staff', 'testOrder'];

export interface SetupState {
  done: Record<SetupStepId, boolean>;
  /** How many steps are done. */
  doneCount: number;
  /** Every step is done. */
  complete: boolean;
}

/** Which steps the progress ticks: details need an address and a phone; staff is done too when the owner works alone. */
export function setupState(progress: SetupProgress, worksAlone: boolean): SetupState {
  const done: Record<SetupStepId, boolean> = {
    details: progress.address && progress.phone,
    menu: progress.dishes > 0,
    tables: progress.tables > 0,
    staff: progress.staff > 0 || worksAlone,
    testOrder: progress.hasOrders,
  };
  const doneCount = SETUP_STEPS.filter((s) => done[s]).length;
  return { done, doneCount, complete: doneCount === SETUP_STEPS.length };
}

// ---- What this device remembers, per restaurant: lists of restaurant ids in localStorage ----

/** localStorage keys: restaurants whose checklist this device hid, and those whose owner said "I work alone". */
export const SETUP_HIDDEN_KEY = 'qrmenu.setupHidden';
export const WORKS_ALONE_KEY = 'qrmenu.setupWorksAlone';

const NONE: number[] = [];

function parseIds(raw: string | null): number[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : NONE;
  } catch {
    return NONE;
  }
}

/** One store per key, made when first asked: every screen showing a key hears the others' changes. */
const stores = new Map<string, StoredValue<number[]>>();

function remembered(key: string): StoredValue<number[]> {
  let store = stores.get(key);
  if (!store) {
    store = storedValue(key, parseIds);
    stores.set(key, store);
  }
  return store;
}

/** Whether this device remembers `eateryId` under `key`. */
export const deviceRemembers = (key: string, eateryId: number) => remembered(key).read().includes(eateryId);

/** Remembers (or forgets) `eateryId` under `key` on this device, and tells the screens that show it. */
export function setDeviceRemembers(key: string, eateryId: number, on: boolean) {
  const store = remembered(key);
  const ids = store.read().filter((id) => id !== eateryId);
  store.write(on ? [...ids, eateryId] : ids);
}

/** Whether this device remembers `eateryId` under `key`, kept current. */
export function useDeviceRemembers(key: string, eateryId: number | null): boolean {
  const store = remembered(key);
  const ids = useSyncExternalStore(store.subscribe, store.read, () => NONE);
  return eateryId !== null && ids.includes(eateryId);
}
