import { useState, type ReactNode } from 'react';
import { Button, MantineProvider, Modal, TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../i18n';
import { UnsavedChangesScope, useModalCloseGuard, useUnsavedChangesGuard } from './unsaved-changes';

/** A modal form as the admin screens build them: its modal and its Cancel ask while the name was changed. */
function NameForm({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('Grill');
  const guard = useUnsavedChangesGuard(name !== 'Grill');
  const close = () => guard.confirmClose(onClose);
  return (
    <Modal opened onClose={close} title="Department" closeButtonProps={{ 'aria-label': 'Close form' }}>
      {guard.leaveGuard}
      <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/form?tab=2">Same page</Link>
      <Button onClick={close}>Cancel</Button>
      <Button onClick={onClose}>Save</Button>
    </Modal>
  );
}

/** A modal whose form is a child component, as the menu's manual/ready-made modal is. */
function ChildForm() {
  const [name, setName] = useState('');
  useUnsavedChangesGuard(name !== '');
  return <TextInput label="Child name" value={name} onChange={(e) => setName(e.currentTarget.value)} />;
}
function ParentModal({ onClose }: { onClose: () => void }) {
  const guard = useModalCloseGuard(onClose);
  return (
    <Modal opened onClose={guard.close} title="Dish" closeButtonProps={{ 'aria-label': 'Close form' }}>
      <UnsavedChangesScope guard={guard}>
        <ChildForm />
      </UnsavedChangesScope>
    </Modal>
  );
}

const providers = (children: ReactNode) => (
  <MantineProvider env="test">
    <ModalsProvider>{children}</ModalsProvider>
  </MantineProvider>
);

async function renderAt(ui: ReactNode, lang = 'en') {
  await i18n.changeLanguage(lang);
  const router = createMemoryRouter(
    [
      { path: '/form', element: ui },
      { path: '/elsewhere', element: <p>Another page</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(providers(<RouterProvider router={router} />));
  return router;
}

/** Lets the moment a question closed in pass (the guard takes a close request in it as part of that answer). */
const questionClosed = async () => {
  await waitFor(() => expect(screen.queryByText('Discard unsaved changes?')).toBeNull());
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
};

const type = (label: string, text: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });

describe('unsaved changes guard', () => {
  it('closes a form without a question when nothing changed', async () => {
    const onClose = vi.fn();
    await renderAt(<NameForm onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('asks before a changed form closes: keep editing, then discard', async () => {
    const onClose = vi.fn();
    await renderAt(<NameForm onClose={onClose} />);
    type('Name', 'Grill bar');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Discard unsaved changes?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await questionClosed();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Grill bar');

    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Escape on the question keeps the form open and asks nothing more', async () => {
    const onClose = vi.fn();
    await renderAt(<NameForm onClose={onClose} />);
    type('Name', 'Grill bar');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await screen.findByText('Discard unsaved changes?');
    // Every open modal hears Escape: the question and the form's modal.
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await questionClosed();
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });

  it('asks in the language of the admin', async () => {
    await renderAt(<NameForm onClose={() => {}} />, 'ru');
    type('Name', 'Гриль');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Отменить несохранённые изменения?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Продолжить редактирование' })).toBeTruthy();
  });

  it('a save closes a changed form without asking', async () => {
    const onClose = vi.fn();
    await renderAt(<NameForm onClose={onClose} />);
    type('Name', 'Grill bar');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();
  });

  it('asks before leaving for another page, not for a new query string', async () => {
    const router = await renderAt(<NameForm onClose={() => {}} />);
    type('Name', 'Grill bar');
    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=2'));
    expect(screen.queryByText('Discard unsaved changes?')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await questionClosed();
    expect(router.state.location.pathname).toBe('/form');

    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('Another page')).toBeTruthy();
  });

  it('asks the browser before a reload or closing the tab only while changed', async () => {
    await renderAt(<NameForm onClose={() => {}} />);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      act(() => void window.dispatchEvent(event));
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    type('Name', 'Grill bar');
    expect(unload()).toBe(true);
    type('Name', 'Grill');
    expect(unload()).toBe(false);
  });

  it("guards a modal's close for a form inside it", async () => {
    const onClose = vi.fn();
    await renderAt(<ParentModal onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    type('Child name', 'Soup');
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Keep editing' }));
    await questionClosed();
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close form' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
  });
});
