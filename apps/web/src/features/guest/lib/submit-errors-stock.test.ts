import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import { addDish, emptyCart } from '../cart/cart';
import { testDish } from '../cart/test-dish';
import { submitErrorOutcome } from './submit-errors';

const cart = addDish(addDish(emptyCart(), testDish(1)), testDish(2));
const noMenu = () => Promise.resolve(undefined);
const notEnough = (dishId: number, left: number) =>
  new ApiError(409, 'notEnoughStock', 'x', [], {
    dishId,
    left,
    name: 'Dolma',
    nameAz: 'Dolma',
    nameEn: 'Dolma',
    nameRu: 'Долма',
  });

describe('failed order: counted portions ran short', () => {
  it('keeps the cart and says how many are left of which dish', async () => {
    const outcome = await submitErrorOutcome(notEnough(2, 1), cart, null, noMenu);
    expect(outcome).toMatchObject({
      messageKey: 'client.cart.notEnoughStock',
      values: { left: 1 },
      drop: [],
      reset: false,
    });
    expect(outcome.droppedNames.map((d) => d.id)).toEqual([2]);
  });

  it('takes a dish that sold out out of the cart', async () => {
    const outcome = await submitErrorOutcome(notEnough(1, 0), cart, 7, noMenu);
    expect(outcome).toMatchObject({ messageKey: 'client.cart.soldOutNow', drop: [1], reset: false });
    expect(outcome.droppedNames.map((d) => d.id)).toEqual([1]);
  });
});
