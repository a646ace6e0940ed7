import type { DishOptionGroupInput } from '@qr-menu/contract';

/**
 * The dish form's option groups as the owner edits them, and their conversion to the contract's
 * `optionGroups` of dishData. The owner picks a choice type instead of typing min/max:
 * - `one`: choose one, required (min 1, max 1), e.g. "Size";
 * - `oneOptional`: choose one or none (min 0, max 1);
 * - `several`: choose several, with the owner's min and max, e.g. "Extras" (0..3).
 */
export type ChoiceType = 'one' | 'oneOptional' | 'several';
export const CHOICE_TYPES: ChoiceType[] = ['one', 'oneOptional', 'several'];

export interface OptionValues {
  /** The server's id of an existing option (kept across edits); absent for a new one. */
  id?: number;
  /** A stable React key for rows that move. */
  key: string;
  nameAz: string;
  nameEn: string;
  nameRu: string;
  /** NumberInput value: a number, or '' / a partial string while typing. */
  priceDelta: number | string;
  available: boolean;
}

export interface GroupValues {
  id?: number;
  key: string;
  nameAz: string;
  nameEn: string;
  nameRu: string;
  choice: ChoiceType;
  /** Used by `several` only; the other types fix them. */
  minChoices: number | string;
  maxChoices: number | string;
  options: OptionValues[];
}

/** A group or option as the server returns it (ids present) or as copied (ids left out). */
interface GroupLike {
  id?: number;
  nameAz: string;
  nameEn: string;
  nameRu: string;
  minChoices: number;
  maxChoices: number;
  options: { id?: number; nameAz: string; nameEn: string; nameRu: string; priceDelta: number; available: boolean }[];
}

let nextKey = 0;
const newKey = () => `k${++nextKey}`;

export const choiceOf = (min: number, max: number): ChoiceType =>
  max === 1 ? (min === 1 ? 'one' : min === 0 ? 'oneOptional' : 'several') : 'several';

export function newOption(): OptionValues {
  return { key: newKey(), nameAz: '', nameEn: '', nameRu: '', priceDelta: 0, available: true };
}

/** A new group: "choose one (required)" with one empty option. */
export function newGroup(): GroupValues {
  return {
    key: newKey(),
    nameAz: '',
    nameEn: '',
    nameRu: '',
    choice: 'one',
    minChoices: 1,
    maxChoices: 1,
    options: [newOption()],
  };
}

/** A stored group as form values (ids kept, so that orders keep referring to the same options). */
export function toGroupValues(group: GroupLike): GroupValues {
  return {
    ...(group.id ? { id: group.id } : {}),
    key: newKey(),
    nameAz: group.nameAz,
    nameEn: group.nameEn,
    nameRu: group.nameRu,
    choice: choiceOf(group.minChoices, group.maxChoices),
    minChoices: group.minChoices,
    maxChoices: group.maxChoices,
    options: group.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      key: newKey(),
      nameAz: o.nameAz,
      nameEn: o.nameEn,
      nameRu: o.nameRu,
      priceDelta: o.priceDelta,
      available: o.available,
    })),
  };
}

/** "Copy a group from another dish": the same group without any id, so the server makes new ones. */
export function copyGroup(group: GroupLike): GroupValues {
  const { id: _id, ...rest } = toGroupValues(group);
  return { ...rest, options: rest.options.map(({ id: _optionId, ...o }) => o) };
}

/** min/max of a group as sent: fixed by the choice type, else what the owner typed ('' stays invalid). */
function range(g: GroupValues): { minChoices: number | string; maxChoices: number | string } {
  if (g.choice === 'one') return { minChoices: 1, maxChoices: 1 };
  if (g.choice === 'oneOptional') return { minChoices: 0, maxChoices: 1 };
  return { minChoices: g.minChoices, maxChoices: g.maxChoices };
}

const trim = (s: string) => s.trim();

/** The contract's `optionGroups` of the form's groups: keys and choice types left out, names trimmed. */
export function toGroupInputs(groups: readonly GroupValues[]): DishOptionGroupInput[] {
  return groups.map((g) => ({
    ...(g.id ? { id: g.id } : {}),
    nameAz: trim(g.nameAz),
    nameEn: trim(g.nameEn),
    nameRu: trim(g.nameRu),
    ...(range(g) as { minChoices: number; maxChoices: number }),
    options: g.options.map((o) => ({
      ...(o.id ? { id: o.id } : {}),
      nameAz: trim(o.nameAz),
      nameEn: trim(o.nameEn),
      nameRu: trim(o.nameRu),
      priceDelta: o.priceDelta,
      available: o.available,
    })),
  }));
}
