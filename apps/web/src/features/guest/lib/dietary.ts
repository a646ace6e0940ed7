import {
  IconLeaf,
  IconMilkOff,
  IconMoonStars,
  IconNut,
  IconPepper,
  IconPlant,
  IconWheatOff,
  type Icon,
} from '@tabler/icons-react';
import type { DietaryTag } from '@qr-menu/contract';

/**
 * The dietary tags' icons on guest pages, in the contract's DIETARY_TAGS order (a Record, so a new tag in the
 * contract fails the type check until it has an icon here and a name under client.tags).
 */
export const TAG_ICONS: Record<DietaryTag, Icon> = {
  vegetarian: IconLeaf,
  vegan: IconPlant,
  spicy: IconPepper,
  glutenFree: IconWheatOff,
  containsNuts: IconNut,
  lactoseFree: IconMilkOff,
  halal: IconMoonStars,
};

export const GUEST_TAGS = Object.keys(TAG_ICONS) as DietaryTag[];
