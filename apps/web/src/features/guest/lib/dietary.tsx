import { isAllergen } from '@qr-menu/contract/constants';
import type { DietaryTag, DietTag } from '@qr-menu/contract';
import classes from '../guest.module.css';

/**
 * The tags' icons on guest pages: Tabler's drawings (MIT) as one path each, styled by the stylesheet like PlusIcon,
 * because a menu's rows repeat them in the server HTML. Diets: leaf, plant, pepper, wheat-off, milk-off, moon-stars.
 * Allergens share one mark (an alert circle) and are told apart by their words: fourteen more drawings would cost
 * every guest's first load more than a kilobyte. Every icon is shown with its name (DishTags, TagToggle): never
 * alone. A Record, so a new diet in the contract fails the type check until it has an icon here.
 */
const ALERT_CIRCLE = 'M3 12a9 9 0 1 0 18 0a9 9 0 0 0 -18 0M12 8v4M12 16h.01';
const DIET_PATHS: Record<DietTag, string> = {
  vegetarian:
    'M5 21c.5 -4.5 2.5 -8 7 -10M9 18c6.218 0 10.5 -3.288 11 -12v-2h-4.014c-9 0 -11.986 4 -12 9c0 1 0 3 2 5h3l.014 0',
  vegan:
    'M7 15h10v4a2 2 0 0 1 -2 2h-6a2 2 0 0 1 -2 -2v-4M12 9a6 6 0 0 0 -6 -6h-3v2a6 6 0 0 0 6 6h3M12 11a6 6 0 0 1 6 -6h3v1a6 6 0 0 1 -6 6h-3M12 15l0 -6',
  spicy: 'M13 11c0 2.21 -2.239 4 -5 4s-5 -1.79 -5 -4a8 8 0 1 0 16 0a3 3 0 0 0 -6 0M16 8c0 -2 2 -4 4 -4',
  glutenFree:
    'M3 3l18 18M12 21.5v-3.75M5.916 9.49l-.43 1.604c-.712 2.659 .866 5.392 3.524 6.104c.997 .268 1.994 .535 2.99 .802v-3.44c-.164 -2.105 -1.637 -3.879 -3.677 -4.426l-2.407 -.644M10.249 4.251c.007 -.007 .014 -.014 .021 -.021l1.73 -1.73M10.27 11.15c-.589 -.589 -1.017 -1.318 -1.246 -2.118M14.988 8.988c.229 -.834 .234 -1.713 .013 -2.549c-.221 -.836 -.659 -1.598 -1.271 -2.209l-1.73 -1.73M16.038 10.037l2.046 -.547l.431 1.604c.142 .53 .193 1.063 .162 1.583M16.506 16.505c-.45 .307 -.959 .544 -1.516 .694c-.997 .268 -1.994 .535 -2.99 .801v-3.44c.055 -.708 .259 -1.379 .582 -1.978',
  lactoseFree:
    'M10 6h6v-2a1 1 0 0 0 -1 -1h-6a1 1 0 0 0 -1 1M16 6l1.094 1.759a6 6 0 0 1 .906 3.17v3.071m0 4v1a2 2 0 0 1 -2 2h-8a2 2 0 0 1 -2 -2v-8.071a6 6 0 0 1 .906 -3.17l.327 -.525M10 16a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M3 3l18 18',
  halal:
    'M12 3c.132 0 .263 0 .393 0a7.5 7.5 0 0 0 7.92 12.446a9 9 0 1 1 -8.313 -12.454l0 .008M17 4a2 2 0 0 0 2 2a2 2 0 0 0 -2 2a2 2 0 0 0 -2 -2a2 2 0 0 0 2 -2M19 11h2m-1 -1v2',
};

export function TagIcon({ tag, size = 16 }: { tag: DietaryTag; size?: number }) {
  return (
    <svg className={classes.lineIcon} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d={isAllergen(tag) ? ALERT_CIRCLE : DIET_PATHS[tag]} />
    </svg>
  );
}

/** Tabler's adjustments-horizontal: the menu's filter button. */
export function FilterIcon() {
  return (
    <svg className={classes.lineIcon} width={24} height={24} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 6a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 6l8 0M16 6l4 0M6 12a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 12l2 0M10 12l10 0M15 18a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M4 18l11 0M19 18l1 0" />
    </svg>
  );
}

/** Tabler's check: a chosen filter. */
export function CheckIcon({ size = 18 }: { size?: number }) {
  return (
    <svg className={classes.lineIcon} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M5 12l5 5l10 -10" />
    </svg>
  );
}
