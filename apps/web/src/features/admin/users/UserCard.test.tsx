import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffUser } from '@qr-menu/contract';
import { renderAdmin } from '../shared/test-utils';
import './index';
import { UserCard } from './UserCard';

const noop = () => {};

describe('user card', () => {
  it('an admin sees the e-mail, the name and the phones', async () => {
    const user: StaffUser = {
      id: 9,
      name: 'Rashad Aliyev',
      username: 'rashad@example.com',
      phone: '+994 50 000 00 00',
      phones: ['+994 50 000 00 00'],
      roles: ['WAITER'],
      hasProfile: true,
      isOwner: false,
      hasPin: false,
    };
    await renderAdmin(<UserCard user={user} isSelf={false} canManage deleting={false} onEdit={noop} onDelete={noop} />);
    // The person's name heads the card, as a heading; the e-mail is the second line.
    expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('Rashad Aliyev');
    expect(screen.getByText('rashad@example.com')).toBeTruthy();
    expect(screen.getByText('+994 50 000 00 00')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Profile|filled in|complete/);
  });

  it.each([
    ['en', 'No name yet: add it with Edit', 'No phone number'],
    ['az', 'Ad hələ yoxdur: «Redaktə et» ilə əlavə edin', 'Telefon nömrəsi yoxdur'],
    ['ru', 'Имя не указано: добавьте его через «Изменить»', 'Нет номера телефона'],
  ] as const)(
    'without a name the e-mail heads the card and says what is missing, in %s',
    async (lang, noName, noPhone) => {
      const user: StaffUser = {
        id: 10,
        name: null,
        username: 'new.cook@example.com',
        phone: null,
        phones: [],
        roles: ['KITCHEN_ADMIN'],
        hasProfile: false,
        isOwner: false,
        hasPin: false,
      };
      await renderAdmin(
        <UserCard user={user} isSelf={false} canManage deleting={false} onEdit={noop} onDelete={noop} />,
        lang,
      );
      expect((await screen.findByRole('heading', { level: 3 })).textContent).toBe('new.cook@example.com');
      expect(screen.getAllByText('new.cook@example.com')).toHaveLength(1);
      expect(screen.getByText(noName)).toBeTruthy();
      expect(screen.getByText(noPhone)).toBeTruthy();
    },
  );

  it('other roles get no e-mail nor phones (need to know): the name heads the card, nothing shows "null"', async () => {
    const user: StaffUser = {
      id: 3,
      name: 'Aysel Owner',
      username: null,
      phone: null,
      phones: [],
      roles: ['EATERY_ADMIN'],
      hasProfile: true,
      isOwner: true,
      hasPin: false,
    };
    const { container } = await renderAdmin(
      <UserCard user={user} isSelf={false} canManage={false} deleting={false} onEdit={noop} onDelete={noop} />,
    );
    expect(await screen.findByText('Aysel Owner')).toBeTruthy();
    expect(container.textContent).not.toMatch(/null|No phone number/);
  });

  it('a user without a name nor a visible e-mail shows as #id', async () => {
    const user: StaffUser = {
      id: 12,
      name: null,
      username: null,
      phone: null,
      phones: [],
      roles: ['CASHIER'],
      hasProfile: false,
      isOwner: false,
      hasPin: false,
    };
    await renderAdmin(
      <UserCard user={user} isSelf={false} canManage={false} deleting={false} onEdit={noop} onDelete={noop} />,
    );
    expect(await screen.findByText('#12')).toBeTruthy();
  });
});
