import { BadgeX, Bell, Disc3, UserPlus, Users } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { iconByName, notificationTypeIcon } from './notification-icon';

describe('notification icons', () => {
  it('finds the icons the server names, in kebab or Pascal case', () => {
    expect(iconByName('badge-x')).toBe(BadgeX);
    expect(iconByName('UserPlus')).toBe(UserPlus);
    expect(iconByName('disc-3')).toBe(Disc3);
    expect(iconByName('not-an-icon')).toBeNull();
  });

  it("falls back to the type's icon, then the bell", () => {
    expect(notificationTypeIcon('workspace.invitation', 'not-an-icon')).toBe(Users);
    expect(notificationTypeIcon('some.future_type', null)).toBe(Bell);
  });
});
