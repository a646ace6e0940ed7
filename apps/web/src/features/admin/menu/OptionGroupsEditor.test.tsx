import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Dish } from '@qr-menu/contract';
import { jsonResponse, renderAdmin } from '../shared/test-utils';
import './index';
import { DishForm } from './DishForm';
import { choiceOf, copyGroup, newGroup, toGroupInputs, toGroupValues } from './option-groups';

afterEach(() => vi.restoreAllMocks());

const category: Category = {
  id: 3,
  categoryId: 3,
  eateryId: 7,
  nameAz: 'İçkilər',
  nameEn: 'Drinks',
  nameRu: 'Напитки',
  image: null,
  imageId: null,
  position: 0,
  dishes: 2,
  dishCount: 2,
  availableHours: null,
};

const size: Dish['optionGroups'][number] = {
  id: 1,
  nameAz: 'Ölçü',
  nameEn: 'Size',
  nameRu: 'Размер',
  minChoices: 1,
  maxChoices: 1,
  options: [
    { id: 2, nameAz: '0,3 L', nameEn: '0.3 L', nameRu: '0,3 л', priceDelta: 0, available: true },
    { id: 3, nameAz: '0,5 L', nameEn: '0.5 L', nameRu: '0,5 л', priceDelta: 1.5, available: true },
  ],
};

const dish = (over: Partial<Dish> = {}): Dish => ({
  id: 11,
  dishId: 11,
  categoryId: 3,
  eateryId: 7,
  nameAz: 'Çay',
  nameEn: 'Tea',
  nameRu: 'Чай',
  descriptionAz: '',
  descriptionEn: '',
  descriptionRu: '',
  price: 2,
  available: true,
  kitchenDepartmentId: null,
  image: null,
  imageId: null,
  position: 0,
  dietaryTags: [],
  optionGroups: [],
  availableHours: null,
  availableAgainAt: null,
  ...over,
});

const form = (props: Partial<Parameters<typeof DishForm>[0]> = {}) => (
  <DishForm
    eateryId={7}
    category={category}
    dish={null}
    dishes={[]}
    categories={[category]}
    departments={[]}
    currency="AZN"
    onClose={() => {}}
    {...props}
  />
);

/** The `data` part of the first POST or PUT. */
type FetchSpy = { mock: { calls: unknown[][] } };
const isSave = (call: unknown[]) => ['POST', 'PUT'].includes(String((call[1] as RequestInit | undefined)?.method));
const sentData = (fetchSpy: FetchSpy) => {
  const call = fetchSpy.mock.calls.find(isSave);
  return JSON.parse(String(((call![1] as RequestInit).body as FormData).get('data')));
};
const saveCalls = (fetchSpy: FetchSpy) => fetchSpy.mock.calls.filter(isSave);

const groups = () => screen.getAllByTestId('option-group');
/** Typing key by key re-renders the long form each time; a change event is enough here. */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

describe('option groups: form values and the contract input', () => {
  it('the choice types give min/max, and stored min/max give the choice type back', () => {
    const g = { ...newGroup(), nameEn: ' Size ' };
    expect(toGroupInputs([{ ...g, choice: 'one' }])[0]).toMatchObject({ nameEn: 'Size', minChoices: 1, maxChoices: 1 });
    expect(toGroupInputs([{ ...g, choice: 'oneOptional' }])[0]).toMatchObject({ minChoices: 0, maxChoices: 1 });
    expect(toGroupInputs([{ ...g, choice: 'several', minChoices: 0, maxChoices: 3 }])[0]).toMatchObject({
      minChoices: 0,
      maxChoices: 3,
    });
    expect([choiceOf(1, 1), choiceOf(0, 1), choiceOf(0, 3), choiceOf(2, 2)]).toEqual([
      'one',
      'oneOptional',
      'several',
      'several',
    ]);
  });

  it('keeps the ids of a stored group, and a copy has none (the server numbers it anew)', () => {
    expect(toGroupInputs([toGroupValues(size)])[0]).toMatchObject({ id: 1, options: [{ id: 2 }, { id: 3 }] });
    const copy = toGroupInputs([copyGroup(size)])[0];
    expect(copy).toEqual({
      nameAz: 'Ölçü',
      nameEn: 'Size',
      nameRu: 'Размер',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { nameAz: '0,3 L', nameEn: '0.3 L', nameRu: '0,3 л', priceDelta: 0, available: true },
        { nameAz: '0,5 L', nameEn: '0.5 L', nameRu: '0,5 л', priceDelta: 1.5, available: true },
      ],
    });
  });
});

describe('option groups on the dish form', () => {
  it('adds a required "Size" group and an "Extras" group of several, and sends them without ids', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(dish(), 201));
    const onClose = vi.fn();
    await renderAdmin(form({ onClose }), 'en');
    expect(screen.getByText('No options: guests add the dish as it is.')).toBeTruthy();
    fill(screen.getByLabelText(/^EN\s*Name in English/), 'Lemonade');
    fill(screen.getByLabelText(/^Price/), '3');

    fireEvent.click(screen.getByRole('button', { name: 'Add option group' }));
    let group = within(groups()[0]);
    // A new group is "choose one (required)" with one empty option.
    expect(group.getByRole('radio', { name: 'Choose one (required)' })).toHaveProperty('checked', true);
    fill(group.getByLabelText(/Group name in English/), 'Size');
    fill(group.getByLabelText(/Option in English/), '0.3 L');
    fireEvent.click(group.getByRole('button', { name: 'Add option' }));
    fill(group.getAllByLabelText(/Option in English/)[1], '0.5 L');
    fill(group.getAllByLabelText(/Extra price/)[1], '1.5');
    // The restaurant's currency beside each extra price.
    expect(group.getAllByText('AZN')).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Add option group' }));
    group = within(groups()[1]);
    fill(group.getByLabelText(/Group name in English/), 'Extras');
    fireEvent.click(group.getByRole('radio', { name: 'Choose several' }));
    fill(group.getByLabelText('At most'), '3');
    fill(group.getByLabelText(/Option in English/), 'Cheese');
    fill(group.getByLabelText(/Extra price/), '0.8');
    fireEvent.click(group.getByRole('switch', { name: 'Available' }));

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const option = (nameEn: string, priceDelta: number, available = true) => ({
      nameAz: '',
      nameEn,
      nameRu: '',
      priceDelta,
      available,
    });
    expect(sentData(fetchSpy).optionGroups).toEqual([
      {
        nameAz: '',
        nameEn: 'Size',
        nameRu: '',
        minChoices: 1,
        maxChoices: 1,
        options: [option('0.3 L', 0), option('0.5 L', 1.5)],
      },
      {
        nameAz: '',
        nameEn: 'Extras',
        nameRu: '',
        minChoices: 0,
        maxChoices: 3,
        options: [option('Cheese', 0.8, false)],
      },
    ]);
    expect(sentData(fetchSpy).availableHours).toBeNull();
  }, 30_000);

  it('"choose one (optional)" sends min 0 and max 1; groups move and go', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(dish()));
    const onClose = vi.fn();
    const extras = {
      ...size,
      id: 4,
      nameEn: 'Sauce',
      nameAz: '',
      nameRu: '',
      options: [{ ...size.options[0], id: 5 }],
    };
    await renderAdmin(form({ dish: dish({ optionGroups: [size, extras] }), onClose }), 'en');
    fireEvent.click(within(groups()[1]).getByRole('radio', { name: 'Choose one (optional)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move group Sauce up' }));
    expect(within(groups()[0]).getByLabelText(/Group name in English/)).toHaveProperty('value', 'Sauce');
    fireEvent.click(screen.getByRole('button', { name: 'Remove option 0.5 L' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = sentData(fetchSpy).optionGroups;
    expect(
      sent.map((g: { id: number; minChoices: number; maxChoices: number }) => [g.id, g.minChoices, g.maxChoices]),
    ).toEqual([
      [4, 0, 1],
      [1, 1, 1],
    ]);
    expect(sent[1].options.map((o: { id: number }) => o.id)).toEqual([2]);
  });

  it('refuses a minimum above the maximum, in Russian, and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(dish()));
    await renderAdmin(form({ dish: dish({ optionGroups: [{ ...size, minChoices: 0, maxChoices: 2 }] }) }), 'ru');
    const group = within(groups()[0]);
    expect(group.getByRole('radio', { name: 'Несколько вариантов' })).toHaveProperty('checked', true);
    fill(group.getByLabelText('Не меньше'), '3');
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await group.findByText('Минимальное и максимальное число вариантов не согласуются')).toBeTruthy();
    expect(saveCalls(fetchSpy)).toEqual([]);
  });

  it('asks for a name and an option, in Azerbaijani', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(dish()));
    await renderAdmin(form({ dish: dish() }), 'az');
    fireEvent.click(screen.getByRole('button', { name: 'Seçim qrupu əlavə et' }));
    fireEvent.click(screen.getByRole('button', { name: 'Seçim 1 seçimini sil' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yadda saxla' }));
    const group = within(groups()[0]);
    expect(await group.findByText('Qrupa ən azı bir seçim əlavə edin')).toBeTruthy();
    expect(group.getByText('Ən azı bir dildə ad daxil edin')).toBeTruthy();
    expect(saveCalls(fetchSpy)).toEqual([]);
  });

  it('shows the server’s message under the option it is about, translated', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      jsonResponse(
        {
          messageKey: 'validation',
          message: 'x',
          details: [{ field: 'optionGroups.0.options.1.priceDelta', messageKey: 'validation.optionPrice' }],
        },
        400,
      ),
    );
    await renderAdmin(form({ dish: dish({ optionGroups: [size] }) }), 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const rows = await screen.findAllByTestId('option-row');
    expect(await within(rows[1]).findByText('Enter a valid extra price (0 or more, at most 2 decimals)')).toBeTruthy();
    expect(within(rows[0]).queryByText(/extra price/)).toBeNull();
  });

  it('copies a group of another dish (found by name) without its ids', async () => {
    const latte = dish({ id: 12, dishId: 12, nameEn: 'Latte', nameAz: 'Latte', nameRu: 'Латте', optionGroups: [size] });
    const plain = dish({ id: 13, dishId: 13, nameEn: 'Water', nameAz: 'Su', nameRu: 'Вода' });
    const current = dish({
      optionGroups: [{ ...size, id: 7, nameEn: 'Milk', options: [{ ...size.options[0], id: 8 }] }],
    });
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'PUT') return jsonResponse(current);
      if (String(url) === '/api/eatery/7/category') return jsonResponse([category]);
      return jsonResponse([current, latte, plain]);
    });
    const onClose = vi.fn();
    await renderAdmin(form({ dish: current, onClose }), 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Copy a group from another dish' }));
    const picker = within(await screen.findByRole('dialog', { name: 'Copy an option group' }));
    // Only other dishes with groups: not the dish itself, not a dish without groups.
    expect((await picker.findAllByTestId('copy-dish')).map((e) => e.querySelector('p')?.textContent)).toEqual([
      'Latte',
    ]);
    await userEvent.type(picker.getByRole('searchbox', { name: 'Search dishes' }), 'кофе');
    expect(picker.getByText('No dish matches your search.')).toBeTruthy();
    await userEvent.clear(picker.getByRole('searchbox', { name: 'Search dishes' }));
    await userEvent.type(picker.getByRole('searchbox', { name: 'Search dishes' }), 'латте');
    fireEvent.click(picker.getByRole('button', { name: /Copy “Size”/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy an option group' })).toBeNull());
    expect(groups()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [kept, copied] = sentData(fetchSpy).optionGroups;
    expect(kept).toMatchObject({ id: 7, nameEn: 'Milk', options: [{ id: 8 }] });
    expect(copied).toEqual(toGroupInputs([copyGroup(size)])[0]);
    expect(JSON.stringify(copied)).not.toContain('"id"');
  });
});
