import {
  IconArmchair,
  IconBell,
  IconCashBanknote,
  IconChefHat,
  IconClipboardList,
  IconHourglassHigh,
  IconMoodSmile,
  IconReceipt,
  IconToolsKitchen2,
  type Icon,
} from '@tabler/icons-react';
import type { TableState } from './table-state';

/** Colour and icon of each table state (always shown with its words: colour alone says nothing to some). */
export const STATE_STYLE: Record<TableState, { color: string; icon: Icon }> = {
  called: { color: 'red', icon: IconBell },
  confirm: { color: 'grape', icon: IconHourglassHigh },
  bill: { color: 'violet', icon: IconReceipt },
  ready: { color: 'green', icon: IconToolsKitchen2 },
  ordering: { color: 'orange', icon: IconClipboardList },
  waiting: { color: 'yellow', icon: IconChefHat },
  paidFood: { color: 'teal', icon: IconCashBanknote },
  served: { color: 'blue', icon: IconMoodSmile },
  free: { color: 'gray', icon: IconArmchair },
};
