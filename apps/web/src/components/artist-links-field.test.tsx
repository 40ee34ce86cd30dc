import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from '#src/ui/button';
import { Form } from '#src/ui/field';
import {
  type ArtistLinksCardProps,
  ArtistLinksField,
  artistLinkRowsSchema,
  artistLinkUrlRowsSchema,
} from './artist-links-field';

function Card({ title, actions, children }: ArtistLinksCardProps) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {actions}
      {children}
    </section>
  );
}

const profileSchema = z.object({ links: artistLinkRowsSchema });
type Profile = z.infer<typeof profileSchema>;

function ProfileForm({
  links,
  isReadOnly,
  onSubmit,
}: {
  links: Profile['links'];
  isReadOnly?: boolean;
  onSubmit: (v: Profile) => void;
}) {
  const form = useForm<Profile>({ resolver: zodResolver(profileSchema), defaultValues: { links } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <ArtistLinksField rows="labelled" card={Card} isReadOnly={isReadOnly} />
      <Button type="submit">Save</Button>
    </Form>
  );
}

const requestSchema = z.object({ links: artistLinkUrlRowsSchema(2) });
type Request = z.infer<typeof requestSchema>;

function RequestForm({ onSubmit }: { onSubmit: (v: Request) => void }) {
  const form = useForm<Request>({
    resolver: zodResolver(requestSchema),
    defaultValues: { links: [{ url: '' }] },
  });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <ArtistLinksField rows="url" max={2} description="Anything that shows this is you." />
      <Button type="submit">Send</Button>
    </Form>
  );
}

describe('ArtistLinksField', () => {
  it("a profile's links: a card with Add link, a label and URL per row, checked as full URLs", async () => {
    const onSubmit = vi.fn();
    render(<ProfileForm links={[]} onSubmit={onSubmit} />);
    const card = screen.getByRole('region', { name: 'Links' });
    expect(within(card).getByText('No links yet: a website, a shop or social pages.')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Add link' }));
    await userEvent.type(within(card).getByRole('textbox', { name: 'Label' }), 'Site');
    await userEvent.type(within(card).getByRole('textbox', { name: 'URL' }), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a full URL (https://…).')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    const url = within(card).getByRole('textbox', { name: 'URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ links: [{ label: 'Site', url: 'https://example.com' }] });

    await userEvent.click(within(card).getByRole('button', { name: 'Remove link 1' }));
    expect(within(card).getByText('No links yet: a website, a shop or social pages.')).toBeTruthy();
  });

  it('read-only: the rows without Add or Remove', () => {
    render(
      <ProfileForm links={[{ label: 'Site', url: 'https://example.com' }]} isReadOnly onSubmit={() => {}} />,
    );
    expect((screen.getByRole('textbox', { name: 'URL' }) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add link' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove link 1' })).toBeNull();
  });

  it("a request's links: a fieldset of URLs, up to the most it takes, blank rows allowed", async () => {
    const onSubmit = vi.fn();
    render(<RequestForm onSubmit={onSubmit} />);
    const group = screen.getByRole('group', { name: 'Links' });
    expect(within(group).getByText('Anything that shows this is you.')).toBeTruthy();
    await userEvent.type(within(group).getByRole('textbox', { name: 'Link 1' }), 'not a link');
    await userEvent.click(within(group).getByRole('button', { name: 'Add link' }));
    expect((within(group).getByRole('button', { name: 'Add link' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid URL, like https://example.com.')).toBeTruthy();

    const first = within(group).getByRole('textbox', { name: 'Link 1' });
    await userEvent.clear(first);
    await userEvent.type(first, 'https://example.com/selam');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      links: [{ url: 'https://example.com/selam' }, { url: '' }],
    });
  });
});
