import type { Category, Dish, DishOptionGroup } from '@qr-menu/contract';

/** Menu data for the order-entry tests: dishes and categories with only what the grid reads filled in. */

export const makeCategory = (id: number, nameEn: string, fields: Partial<Category> = {}): Category => ({
  id,
  categoryId: id,
  eateryId: 3,
  nameAz: '',
  nameEn,
  nameRu: '',
  image: null,
  imageId: null,
  position: id,
  availableHours: null,
  course: null,
  dishes: 0,
  dishCount: 0,
  ...fields,
});

export const makeDish = (id: number, nameEn: string, price: number, fields: Partial<Dish> = {}): Dish =>
  ({
    id,
    dishId: id,
    categoryId: 1,
    eateryId: 3,
    nameAz: '',
    nameEn,
    nameRu: '',
    descriptionAz: '',
    descriptionEn: '',
    descriptionRu: '',
    price,
    available: true,
    kitchenDepartmentId: null,
    image: null,
    imageId: null,
    position: id,
    dietaryTags: [],
    optionGroups: [],
    availableHours: null,
    availableAgainAt: null,
    ...fields,
  }) as Dish;

/** A required single-choice group "Size" with options Small (+0) and Large (+1.50). */
export const sizeGroup = (id = 50): DishOptionGroup => ({
  id,
  nameAz: '',
  nameEn: 'Size',
  nameRu: '',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { id: id + 1, nameAz: '', nameEn: 'Small', nameRu: '', priceDelta: 0, available: true },
    { id: id + 2, nameAz: '', nameEn: 'Large', nameRu: '', priceDelta: 1.5, available: true },
  ],
});
