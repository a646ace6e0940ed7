import { useSyncExternalStore } from 'react';
import { storedValue } from '../shared/stored-value';

/** How the menu screen shows dishes: photo cards of one category, or a dense list of the whole menu. */
export type MenuView = 'cards' | 'list';

export const MENU_VIEW_KEY = 'qrmenu.menuView';

/** More dishes than this open in the list until the device chose a view: cards of 200 dishes are a long scroll. */
export const MANY_DISHES = 24;

// Stored as the bare word (not JSON), as devices already keep it; '' stands for no choice.
const saved = storedValue<MenuView | ''>(
  MENU_VIEW_KEY,
  (raw) => (raw === 'cards' || raw === 'list' ? raw : ''),
  (view) => view,
);

/** The view this device chose, or null. */
export const savedMenuView = (): MenuView | null => saved.read() || null;

/**
 * The view of the menu screen and its switch, remembered per device. Until one was chosen: the list for a menu of
 * more than MANY_DISHES dishes (`dishCount`, null while unknown), else the cards.
 */
export function useMenuView(dishCount: number | null): [MenuView, (view: MenuView) => void] {
  const chosen = useSyncExternalStore<MenuView | ''>(saved.subscribe, saved.read, () => '');
  const view = chosen || (dishCount !== null && dishCount > MANY_DISHES ? 'list' : 'cards');
  return [view, saved.write];
}
