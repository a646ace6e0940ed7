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
    expect(await screen.findByText('rashad@example.com')).toBeTruthy();
    expect(screen.getByText('Rashad Aliyev')).toBeTruthy();
    expect(screen.getByText('+994 50 000 00 00')).toBeTruthy();
  });

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
