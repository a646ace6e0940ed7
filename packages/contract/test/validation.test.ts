import { describe, expect, it } from 'vitest';
import { eateryBody, loginBody, registerBody, registerFormSchema } from '../src/index.js';

const form = {
  name: 'Aysel Məmmədova',
  email: 'aysel@example.com',
  password: 'saffron-plov-7',
  confirmPassword: 'saffron-plov-7',
  restaurantName: "Dadlı Ev, O'Neil-2.",
};

const errorsOf = (input: unknown) => {
  const r = registerFormSchema.safeParse(input);
  if (r.success) return {};
  // The first message of each field, as the forms show it.
  const out: Record<string, string> = {};
  for (const i of r.error.issues) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('registration rules', () => {
  it('accepts a valid form', () => {
    expect(errorsOf(form)).toEqual({});
  });

  it.each([
    ['email', 'not-an-email', 'validation.email'],
    ['email', 'a@b', 'validation.email'],
    ['email', '', 'validation.required'],
    ['password', 'abcdefgh', 'validation.password'],
    ['password', '12345678', 'validation.password'],
    ['password', 'abc123', 'validation.password'],
    ['password', 'abc\t12345', 'validation.password'],
    ['password', 'password1', 'validation.commonPassword'],
    ['restaurantName', 'A', 'validation.restaurantName'],
    ['restaurantName', '<script>', 'validation.restaurantName'],
    ['restaurantName', 'x'.repeat(101), 'validation.restaurantName'],
    ['name', 'A', 'validation.personName'],
    ['name', 'Agent 007', 'validation.personName'],
    ['name', 'x'.repeat(51), 'validation.personName'],
  ])('%s = %j gives %s', (field, value, key) => {
    const input = { ...form, [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) };
    expect(errorsOf(input)[field]).toBe(key);
  });

  it('accepts special characters, spaces and letters of any script in passwords', () => {
    for (const password of ['Pa$$w0rd!', 'abc 12345', 'şəhər 2024', 'пароль 1234', 'my-pass_7.x']) {
      expect(errorsOf({ ...form, password, confirmPassword: password }), password).toEqual({});
    }
  });

  it('requires both passwords to match', () => {
    expect(errorsOf({ ...form, confirmPassword: 'secret124' })).toEqual({
      confirmPassword: 'validation.passwordsMatch',
    });
  });

  it('accepts Cyrillic and Azerbaijani names and a null name (landing pages)', () => {
    expect(errorsOf({ ...form, name: 'Иван Петров' })).toEqual({});
    expect(errorsOf({ ...form, name: null })).toEqual({});
  });

  // What a sign says: ampersands, quotes, brackets, slashes, exclamation marks and digits in any script.
  const SIGN_NAMES = ['Sultan & Grill', 'Çay Evi "Nərgiz"', 'Café (Old City) / 2', 'Wow!', 'Кафе «Север» №1', '7/24'];

  it.each(SIGN_NAMES)('accepts the restaurant name %j at registration', (restaurantName) => {
    expect(errorsOf({ ...form, restaurantName })).toEqual({});
    const body = registerBody.safeParse({
      user: { email: 'a@example.com', password: 'saffron-plov-7' },
      restaurant: { name: restaurantName },
    });
    expect(body.success).toBe(true);
  });

  it('trims the restaurant name before checking it', () => {
    expect(registerFormSchema.parse({ ...form, restaurantName: '  Wow!  ' }).restaurantName).toBe('Wow!');
    expect(errorsOf({ ...form, restaurantName: ' A ' })).toEqual({ restaurantName: 'validation.restaurantName' });
  });

  it.each([
    ['markup', '<b>Grill</b>'],
    ['a lone >', 'Grill > Bar'],
    ['a tab', 'Sultan\tGrill'],
    ['a line break', 'Sultan\nGrill'],
    ['a bidi override', 'Sultan \u202EllirG'],
    ['a zero-width space', 'Sultan\u200BGrill'],
    ['a line separator', 'Sultan\u2028Grill'],
    ['only punctuation', '!!!'],
    ['101 characters', 'Ə'.repeat(101)],
  ])('refuses a restaurant name with %s', (_label, restaurantName) => {
    expect(errorsOf({ ...form, restaurantName })).toEqual({ restaurantName: 'validation.restaurantName' });
  });

  it('lower-cases the e-mail in the API body', () => {
    const body = registerBody.parse({
      user: { email: 'Aysel@Example.COM', password: 'saffron-plov-7' },
      restaurant: { name: 'Dadlı Ev' },
    });
    expect(body.user.email).toBe('aysel@example.com');
    expect(loginBody.parse({ email: ' A@B.CO ', password: 'x' }).email).toBe('a@b.co');
  });
});

describe('restaurant form rules', () => {
  const base = { name: 'Dadlı Ev', address: 'Bakı', phones: ['+994 50 000 00 00'] };
  it('drops blank phones but needs at least one', () => {
    expect(eateryBody.parse({ ...base, phones: [' ', '+994 1', ''] }).phones).toEqual(['+994 1']);
    expect(eateryBody.safeParse({ ...base, phones: ['  '] }).success).toBe(false);
  });
  it('turns empty coordinates into null and checks ranges', () => {
    expect(eateryBody.parse({ ...base, geoLat: '', geoLng: '49.5' })).toMatchObject({ geoLat: null, geoLng: 49.5 });
    expect(eateryBody.safeParse({ ...base, geoLat: 91 }).success).toBe(false);
    expect(eateryBody.safeParse({ ...base, geoLng: 'east' }).success).toBe(false);
  });
  it('accepts the names registration accepts and refuses markup and control characters', () => {
    for (const name of ['Sultan & Grill', 'Çay Evi "Nərgiz"', 'Café (Old City) / 2', 'Wow!']) {
      expect(eateryBody.parse({ ...base, name: ` ${name} ` }).name).toBe(name);
    }
    for (const name of ['<script>x</script>', 'Nar\u0007Cafe', 'Nar\u202ECafe']) {
      const r = eateryBody.safeParse({ ...base, name });
      expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([['name', 'validation.restaurantName']]);
    }
  });
  it('requires name and address', () => {
    const r = eateryBody.safeParse({ ...base, name: ' ', address: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['address', 'name']);
  });
});
