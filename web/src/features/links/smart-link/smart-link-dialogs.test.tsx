// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../api/client.ts';
import { billingApi, linksApi } from '../../../api/endpoints.ts';
import { clearQueries } from '../../../api/query.ts';
import type { Subscription } from '../../../api/types.ts';
import { EditLinkModal } from '../EditLinkModal.tsx';
import { sampleLink } from '../testing/sample-link.ts';

// The Edit URL dialog's Smart link area (docs/links.md#smart-links): refusals next to the control
// they name, the split's sum, Promote behind its confirm, and the plan's gates.

const SMART_FEATURES = ['link_expiration', 'password_protection', 'mobile_redirect', 'advanced_url_editing', 'ab_testing', 'social_sharing'];

const link = sampleLink({
  id: 7,
  max_clicks: 100,
  has_password: true,
  variants: [
    { url: 'https://example.com/a', weight: 50 },
    { url: 'https://example.com/b', weight: 50 },
  ],
});

function withFeatures(keys: readonly string[]) {
  vi.spyOn(billingApi, 'current').mockResolvedValue({ features: Object.fromEntries(keys.map((key) => [key, true])) } as unknown as Subscription);
}

async function open() {
  const saved = vi.fn();
  render(
    <MemoryRouter>
      <EditLinkModal link={link} onClose={() => undefined} onSaved={saved} />
    </MemoryRouter>,
  );
  // The plan's features arrive.
  await act(async () => undefined);
  const save = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save Changes', hidden: true })));
  return { saved, save };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const section = (name: string) => screen.getByTestId(name);

beforeEach(() => clearQueries());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Edit URL dialog’s Smart link area', () => {
  it('shows a refusal that names a control next to that control, not above the form', async () => {
    withFeatures(SMART_FEATURES);
    const update = vi.spyOn(linksApi, 'update').mockRejectedValue(new ApiError(400, 'max_clicks must be at most 1,000,000,000'));
    const { save } = await open();
    fireEvent.change(field('Click limit'), { target: { value: '2000000000' } });
    await save();
    expect(update).toHaveBeenCalledWith(7, { max_clicks: 2_000_000_000 });
    expect(field('Click limit').getAttribute('aria-invalid')).toBe('true');
    expect(within(section('controls-schedule')).getByRole('alert', { hidden: true }).textContent).toBe('max_clicks must be at most 1,000,000,000');
    expect(screen.queryByText('max_clicks must be at most 1,000,000,000', { selector: '.banner' })).toBeNull();
  });

  it('shows the plan’s refusal of a split in the split’s section', async () => {
    withFeatures(SMART_FEATURES);
    const refusal = 'A/B testing is not included in this workspace’s plan. Upgrade to Enterprise to split a link.';
    vi.spyOn(linksApi, 'update').mockRejectedValue(new ApiError(403, refusal));
    const { save } = await open();
    fireEvent.change(field('Variant 1 weight'), { target: { value: '70' } });
    fireEvent.change(field('Variant 2 weight'), { target: { value: '30' } });
    await save();
    expect(within(section('controls-split')).getByRole('alert', { hidden: true }).textContent).toBe(refusal);
  });

  it('does not send a split whose weights do not add up to 100', async () => {
    withFeatures(SMART_FEATURES);
    const update = vi.spyOn(linksApi, 'update');
    const { save } = await open();
    fireEvent.change(field('Variant 1 weight'), { target: { value: '70' } });
    expect(section('controls-split').querySelector('[data-testid="split-total"]')!.textContent).toBe('Total: 120% of 100%');
    await save();
    expect(update).not.toHaveBeenCalled();
    expect(within(section('controls-split')).getByRole('alert', { hidden: true }).textContent).toBe('The weights add up to 120; they must add up to 100.');
  });

  it('promotes a variant only after the confirm, and hands back the promoted link', async () => {
    withFeatures(SMART_FEATURES);
    const promoted = { ...link, original_url: 'https://example.com/b', variants: [] };
    const promote = vi.spyOn(linksApi, 'promoteVariant').mockResolvedValue(promoted);
    const { saved } = await open();
    fireEvent.click(screen.getByRole('button', { name: 'Promote variant 2', hidden: true }));
    expect(promote).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Yes, promote variant 2', hidden: true })));
    expect(promote).toHaveBeenCalledWith(7, 2);
    expect(saved).toHaveBeenCalledWith(promoted);
  });

  it('removes the password only when asked, never showing it', async () => {
    withFeatures(SMART_FEATURES);
    const update = vi.spyOn(linksApi, 'update').mockResolvedValue({ ...link, has_password: false });
    const { save } = await open();
    expect(screen.getByText('Password set')).toBeTruthy();
    expect(document.querySelector('input[type="password"]')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Remove it', hidden: true }));
    await save();
    expect(update).toHaveBeenCalledWith(7, { password: null });
  });

  it('disables what the plan lacks, saying so with the way to the plans', async () => {
    withFeatures(['link_expiration']);
    await open();
    expect(field('Click limit').disabled).toBe(false);
    const split = section('controls-split');
    expect((split as HTMLFieldSetElement).disabled).toBe(true);
    const upgrade = within(split).getByTestId('control-upgrade');
    expect(upgrade.textContent).toContain('A/B split destinations are available on the Enterprise plan.');
    expect(within(upgrade).getByRole('link', { name: 'View Pricing Plans', hidden: true }).getAttribute('href')).toBe('/pricing');
  });
});
