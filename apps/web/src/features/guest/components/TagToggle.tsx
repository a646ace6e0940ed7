import type { DietaryTag } from '@qr-menu/contract';
import { isAllergen } from '@qr-menu/contract/constants';
import { CheckIcon, TagIcon } from '../lib/dietary';
import classes from '../guest.module.css';

/**
 * A tag filter as a toggle chip (aria-pressed): the tag's icon and `label`; chosen, it is filled and shows a check
 * instead of the icon, so that the state does not rest on a shade. The filter sheet's choices and the menu's row of
 * active filters.
 */
export function TagToggle({
  tag,
  label,
  pressed,
  onToggle,
}: {
  tag: DietaryTag;
  label: string;
  pressed: boolean;
  onToggle: (tag: DietaryTag) => void;
}) {
  return (
    <button
      type="button"
      className={classes.tagToggle}
      aria-pressed={pressed}
      data-tag={tag}
      data-allergen={isAllergen(tag) || undefined}
      onClick={() => onToggle(tag)}
    >
      {pressed ? <CheckIcon /> : <TagIcon tag={tag} size={18} />}
      <span>{label}</span>
    </button>
  );
}
