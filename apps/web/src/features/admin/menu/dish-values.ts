import type { AvailabilityHours, DietaryTag, LocalizedTexts } from '@qr-menu/contract';
import type { ImageValue } from '../shared/ImagePicker';
import type { GroupValues } from './option-groups';

/** The dish form's values (DishForm.tsx), also what the option groups editor edits a part of. */
export interface DishValues extends LocalizedTexts {
  price: number | string;
  available: boolean;
  /** Select value: the department id as a string, or null for none. */
  kitchenDepartmentId: string | null;
  /** Select value: the category the dish is (or will be) in. */
  categoryId: string | null;
  image: ImageValue;
  /** Dietary and allergen tags of the fixed list. */
  dietaryTags: DietaryTag[];
  /** Option groups as the owner edits them (option-groups.ts). */
  optionGroups: GroupValues[];
  /** When guests can order it; null: always. */
  availableHours: AvailabilityHours | null;
}
