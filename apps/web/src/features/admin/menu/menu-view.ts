import { useState } from 'react';

/** How the menu screen shows dishes: photo cards of one category, or a dense list of the whole menu. */
export type MenuView = 'cards' | 'list';

export const MENU_VIEW_KEY = 'qrmenu.menuView';

/** More dishes than this open in the list until the device chose a view: cards of 200 dishes are a long scroll. */
export const MANY_DISHES = 24;

/** The view this device chose, or null. */
export function savedMenuView(): MenuView | null {
  try {
    const view = localStorage.getItem(MENU_VIEW_KEY);
    return view === 'cards' || view === 'list' ? view : null;
  } catch {
    return null;
  }
}

function saveMenuView(view: MenuView) {
  try {
    localStorage.setItem(MENU_VIEW_KEY, view);
  } catch {
    // Storage off (private mode): the choice lasts until the page is left.
  }
}

/**
 * The view of the menu screen and its switch, remembered per device. Until one was chosen: the list for a menu of
 * more than MANY_DISHES dishes (`dishCount`, null while unknown), else the cards.
 */
export function useMenuView(dishCount: number | null): [MenuView, (view: MenuView) => void] {
  const [chosen, setChosen] = useState(savedMenuView);
  const view = chosen ?? (dishCount !== null && dishCount > MANY_DISHES ? 'list' : 'cards');
  const choose = (next: MenuView) => {
    saveMenuView(next);
    setChosen(next);
  };
  return [view, choose];
}
