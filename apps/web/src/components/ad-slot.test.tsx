import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { renderInRouter } from '#test/render-app';
import { AdSlot } from './ad-slot';

beforeEach(() => resetBootstrapStore());

const ads = { ads: { general_top: '<p>Buy coffee</p>' } };

describe('AdSlot', () => {
  it('shows the slot’s sanitised ad', () => {
    renderInRouter(<AdSlot slot="general_top" />, makeBootstrap({ user: makeUser(), settings: ads }));
    expect(screen.getByRole('complementary', { name: 'Advertisement' }).textContent).toBe('Buy coffee');
  });

  it('shows nothing to a user whose plan grants ads.disable', () => {
    const user = makeUser({
      permissions: [
        { id: 1, name: 'music.view', restrictions: [] },
        { id: 9, name: 'ads.disable', restrictions: [] },
      ],
    });
    renderInRouter(<AdSlot slot="general_top" />, makeBootstrap({ user, settings: ads }));
    expect(screen.queryByRole('complementary', { name: 'Advertisement' })).toBeNull();
  });
});
