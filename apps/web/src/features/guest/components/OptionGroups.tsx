import type { DishOptionGroup } from '@qr-menu/contract/constants';
import { toCents } from '@qr-menu/contract/constants';
import type { TFunction } from '../lib/i18n';
import { nameOf } from '../lib/option-text';
import classes from './sheet.module.css';

const names = (x: { nameAz: string; nameEn: string; nameRu: string }) => ({ az: x.nameAz, en: x.nameEn, ru: x.nameRu });

/** A group's name in the guest's language. */
export const groupName = (g: DishOptionGroup, lang: string) => nameOf(names(g), lang);

/** "Required · Choose 1", "Optional · Up to 3", … */
export function groupHint(g: DishOptionGroup, t: TFunction): string {
  const need = g.minChoices > 0 ? t('client.options.required') : t('client.options.optional');
  let count: string;
  if (g.minChoices === 1 && g.maxChoices === 1) count = t('client.options.chooseOne');
  else if (g.minChoices === 0) count = t('client.options.upTo', { max: g.maxChoices });
  else if (g.minChoices === g.maxChoices || g.maxChoices >= g.options.length)
    count = t('client.options.atLeast', { min: g.minChoices });
  else count = t('client.options.range', { min: g.minChoices, max: g.maxChoices });
  return `${need} · ${count}`;
}

/** A required single choice is a set of radios; every other group is checkboxes, up to its maximum. */
const isRadio = (g: DishOptionGroup) => g.minChoices >= 1 && g.maxChoices === 1;

/**
 * The option picker of the dish sheet: one fieldset per group with its hint, each option with its price
 * delta ("+1.50 AZN"); unavailable options and options past a group's maximum are disabled.
 */
export function OptionGroups({
  groups,
  chosen,
  onChange,
  t,
  lang,
  money,
}: {
  groups: readonly DishOptionGroup[];
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
  t: TFunction;
  lang: string;
  money: (cents: number) => string;
}) {
  const toggle = (g: DishOptionGroup, optionId: number, on: boolean) => {
    const inGroup = new Set(g.options.map((o) => o.id));
    const others = chosen.filter((id) => !inGroup.has(id));
    const mine = chosen.filter((id) => inGroup.has(id));
    // One choice at most: the new one replaces the old (a radio, or an optional single choice).
    const next =
      g.maxChoices === 1 ? (on ? [optionId] : []) : on ? [...mine, optionId] : mine.filter((id) => id !== optionId);
    onChange([...others, ...next]);
  };
  return (
    <div className={classes.groups}>
      {groups.map((g) => {
        const picked = g.options.filter((o) => chosen.includes(o.id)).length;
        const full = g.maxChoices > 1 && picked >= g.maxChoices;
        const hintId = `option-group-hint-${g.id}`;
        return (
          <fieldset key={g.id} className={classes.group} aria-describedby={hintId}>
            <legend className={classes.legend}>{groupName(g, lang)}</legend>
            <div id={hintId} className={classes.hint} data-required={g.minChoices > 0 || undefined}>
              {groupHint(g, t)}
            </div>
            {g.options.map((o) => {
              const checked = chosen.includes(o.id);
              const disabled = !o.available || (!checked && full);
              const delta = toCents(o.priceDelta);
              return (
                <label key={o.id} className={classes.option} data-disabled={disabled || undefined}>
                  <input
                    type={isRadio(g) ? 'radio' : 'checkbox'}
                    name={`option-group-${g.id}`}
                    checked={checked}
                    disabled={disabled}
                    onChange={(e) => toggle(g, o.id, e.currentTarget.checked)}
                  />
                  <span className={classes.optionName}>
                    {nameOf(names(o), lang)}
                    {!o.available && <span className={classes.optionOff}> · {t('client.options.unavailable')}</span>}
                  </span>
                  {delta > 0 && <span className={classes.delta}>+{money(delta)}</span>}
                </label>
              );
            })}
          </fieldset>
        );
      })}
    </div>
  );
}
