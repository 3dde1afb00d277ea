// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESTINATION_MESSAGES } from '@linkledger/contracts/destination';
import { sampleLink } from './testing/sample-link.ts';

const update = vi.fn();
vi.mock('../../api/endpoints.ts', () => ({
  linksApi: { update: (...args: unknown[]) => update(...args) },
  // The Smart link area reads the plan's features.
  billingApi: { current: () => Promise.resolve({ features: {} }) },
  // The Tags and Folder fields suggest the workspace's.
  labelsApi: { tags: () => Promise.resolve([]), folders: () => Promise.resolve([]) },
}));
const { EditLinkModal } = await import('./EditLinkModal.tsx');

const link = sampleLink({ id: 7 });

afterEach(() => {
  cleanup();
  update.mockReset();
});

function open() {
  const saved = vi.fn();
  render(
    <MemoryRouter>
      <EditLinkModal link={link} onClose={() => undefined} onSaved={saved} />
    </MemoryRouter>,
  );
  const field = screen.getByLabelText('Destination URL') as HTMLInputElement;
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  return { field, save, saved };
}

describe('the Edit URL modal’s destination', () => {
  it('says in the product’s words why an address is not one, and sends nothing', async () => {
    const { field, save } = open();
    expect(field.closest('form')!.noValidate).toBe(true);
    for (const typed of ['not a web address', 'javascript:alert(1)', 'ftp://files.example.com/a']) {
      fireEvent.change(field, { target: { value: typed } });
      save();
      const message = await screen.findByText(DESTINATION_MESSAGES.notWeb);
      expect(message.getAttribute('role')).toBe('alert');
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(field.getAttribute('aria-describedby')).toContain(message.id);
    }
    fireEvent.change(field, { target: { value: '   ' } });
    save();
    await screen.findByText(DESTINATION_MESSAGES.required);
    expect(update).not.toHaveBeenCalled();
  });

  it('clears the message once the address is edited, and saves a good one', async () => {
    const { field, save, saved } = open();
    fireEvent.change(field, { target: { value: 'example' } });
    save();
    await screen.findByText(DESTINATION_MESSAGES.notWeb);
    fireEvent.change(field, { target: { value: 'https://example.com/autumn' } });
    expect(screen.queryByText(DESTINATION_MESSAGES.notWeb)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    update.mockResolvedValue({ ...link, original_url: 'https://example.com/autumn' });
    save();
    await vi.waitFor(() => expect(saved).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(7, { original_url: 'https://example.com/autumn' });
  });
});
