import type { CartDish } from './cart';

/** A cart dish for tests: English name "Dish {id}", price 1, no photo; `fields` replace any of these. */
export const testDish = (id: number, fields: Partial<CartDish> = {}): CartDish => ({
  id,
  nameAz: '',
  nameEn: `Dish ${id}`,
  nameRu: '',
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
  price: 1,
  image: null,
  ...fields,
});
