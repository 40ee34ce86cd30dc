// Workspaces, invitations, members and the shared backstage; the invitation rate limit on each
// store is in workspaces.drivers.test.ts.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEventMap } from '#src/lib/events';
import { userArtists } from '#src/modules/backstage/tables';
import { createArtist, createTrack } from '#src/modules/catalogue/index';
import { fileEntries } from '#src/modules/uploads/tables';
import { deleteAccounts } from '#src/modules/users/index';
import { users } from '#src/modules/users/tables';
import { workspaceInvites, workspaceMembers, workspaces } from '#src/modules/workspaces/tables';
import { Client, createUser, guest, request, sessionFor, useApp } from '#test/helpers';
import { lastMailTo, outboxFor } from '#test/mail';
import { multipartBody } from '#test/multipart';

const t = useApp();

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (actor: Client, method: Method, url: string, payload?: unknown) =>
  request(t.app, actor, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const unique = () => randomBytes(4).toString('hex');
const NO_LONGER_VALID = 'This invite is no longer valid';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Person = { id: number; email: string; client: Client };
async function person(input: Parameters<typeof createUser>[1] = {}): Promise<Person> {
  const user = await createUser(t.db, input);
  return { ...user, client: await sessionFor(t.db, user.id) };
}

async function newWorkspace(owner: Person, name = `Team ${unique()}`): Promise<number> {
  const res = await api(owner.client, 'POST', '/workspaces', { name });
  expect(res.statusCode).toBe(200);
  return res.json().workspace.id;
}

async function invite(by: Person, workspaceId: number, email: string, role = 'editor'): Promise<string> {
  const res = await api(by.client, 'POST', `/workspaces/${workspaceId}/invites`, { emails: [email], role });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().invites[0].id;
}

/** Invites `who` with `role` and joins through the SPEC §7 call. */
async function addMember(owner: Person, workspaceId: number, who: Person, role = 'editor') {
  const id = await invite(owner, workspaceId, who.email, role);
  const res = await api(who.client, 'GET', `/workspace/join/${id}`);
  expect(res.statusCode, res.body).toBe(200);
}

// The domain events this feature emits, as the notifications listen to them.
type Seen = { [K in keyof DomainEventMap]: { name: K; payload: DomainEventMap[K] } }[keyof DomainEventMap];
const seen: Seen[] = [];
const offs: (() => void)[] = [];
beforeAll(() => {
  for (const name of ['workspace.invited', 'workspace.member_changed', 'workspace.invite_closed'] as const)
    offs.push(t.deps.events.on(name, (payload) => void seen.push({ name, payload } as Seen)));
});
afterAll(() => {
  for (const off of offs) off();
});
const eventsFor = <K extends keyof DomainEventMap>(
  name: K,
  match: (p: DomainEventMap[K]) => boolean,
): { name: K; payload: DomainEventMap[K] }[] =>
  seen.filter((e) => e.name === name && match(e.payload as DomainEventMap[K])) as {
    name: K;
    payload: DomainEventMap[K];
  }[];

describe('workspaces', () => {
  it('creates a workspace whose creator is the owner; the list and bootstrap put the personal one first', async () => {
    const owner = await person();
    const res = await api(owner.client, 'POST', '/workspaces', { name: '  Addis Records ' });
    expect(res.statusCode).toBe(200);
    const ws = res.json().workspace;
    expect(ws).toMatchObject({ name: 'Addis Records', members_count: 1, default: false, role: 'owner' });
    expect(ws.owner_id).toBe(owner.id);
    expect(ws.permissions).toContain('workspace.delete');

    const list = (await api(owner.client, 'GET', '/workspaces')).json().workspaces;
    expect(list[0]).toEqual({ id: 0, name: 'Default', members_count: 1, default: true });
    expect(list.map((w: { id: number }) => w.id)).toEqual([0, ws.id]);

    const member = await person();
    await addMember(owner, ws.id, member);
    const boot = (await api(member.client, 'GET', '/bootstrap-data')).json().bootstrapData;
    expect(boot.workspaces[0]).toEqual({ id: 0, name: 'Default', members_count: 1, default: true });
    expect(boot.workspaces[1]).toMatchObject({ id: ws.id, members_count: 2, role: 'editor' });

    const bad = await api(owner.client, 'POST', '/workspaces', { name: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.name).toEqual(['Give the workspace a name.']);
  });

  it('renames with workspace.update (owner, admin), not as an editor or a stranger', async () => {
    const owner = await person();
    const admin = await person();
    const editor = await person();
    const stranger = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, admin, 'admin');
    await addMember(owner, id, editor, 'editor');
    expect(
      (await api(admin.client, 'PUT', `/workspaces/${id}`, { name: 'Renamed' })).json().workspace.name,
    ).toBe('Renamed');
    expect((await api(editor.client, 'PUT', `/workspaces/${id}`, { name: 'No' })).statusCode).toBe(403);
    expect((await api(stranger.client, 'PUT', `/workspaces/${id}`, { name: 'No' })).statusCode).toBe(404);
    expect((await api(stranger.client, 'GET', `/workspaces/${id}`)).statusCode).toBe(404);
    const got = (await api(editor.client, 'GET', `/workspaces/${id}`)).json();
    expect(got.workspace.name).toBe('Renamed');
    expect(got.members.map((m: { role: string }) => m.role)).toEqual(['owner', 'admin', 'editor']);
  });

  it('deletes for the owner only: shared artists stay with their managers, uploads go back to their uploaders', async () => {
    const owner = await person();
    const admin = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, admin, 'admin');
    const artistId = await createArtist(t.deps, { name: `Kept ${unique()}` });
    await t.db.insert(userArtists).values({ userId: owner.id, artistId, role: 'manager' });
    expect(
      (await api(owner.client, 'POST', `/workspaces/${id}/artists`, { artist_id: artistId })).statusCode,
    ).toBe(200);
    const [entry] = await t.db
      .insert(fileEntries)
      .values({
        name: 'a.mp3',
        fileName: 'a.mp3',
        mime: 'audio/mpeg',
        size: 1,
        path: `x/${unique()}`,
        ownerId: admin.id,
        workspaceId: id,
      })
      .returning({ id: fileEntries.id });
    const pending = await invite(owner, id, `pending-${unique()}@example.test`);

    expect((await api(admin.client, 'DELETE', `/workspaces/${id}`)).statusCode).toBe(403);
    const res = await api(owner.client, 'DELETE', `/workspaces/${id}`);
    expect(res.statusCode).toBe(200);

    expect((await api(admin.client, 'GET', `/workspaces/${id}`)).statusCode).toBe(404);
    expect((await api(admin.client, 'GET', `/backstage/artists?workspaceId=${id}`)).statusCode).toBe(403);
    const links = await t.db.select().from(userArtists).where(eq(userArtists.artistId, artistId));
    expect(links.map((l) => l.userId)).toEqual([owner.id]);
    const [moved] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, entry!.id));
    expect(moved!.workspaceId).toBe(0);
    expect(eventsFor('workspace.invite_closed', (p) => p.inviteId === pending)).toHaveLength(1);
  });
  it('goes with its owner’s account; the members’ uploads made there return to them', async () => {
    const owner = await person();
    const member = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, member);
    const [entry] = await t.db
      .insert(fileEntries)
      .values({
        name: 'b.mp3',
        fileName: 'b.mp3',
        mime: 'audio/mpeg',
        size: 1,
        path: `x/${unique()}`,
        ownerId: member.id,
        workspaceId: id,
      })
      .returning({ id: fileEntries.id });
    await deleteAccounts(t.deps, t.db, [owner.id]);
    expect((await api(member.client, 'GET', '/workspaces')).json().workspaces).toEqual([
      { id: 0, name: 'Default', members_count: 1, default: true },
    ]);
    const [kept] = await t.db.select().from(fileEntries).where(eq(fileEntries.id, entry!.id));
    expect(kept!.workspaceId).toBe(0);
  });
});

describe('invitations', () => {
  it('invites an existing account: a notification event with its id and a mail to the login join page', async () => {
    const owner = await person();
    const invitee = await person();
    const id = await newWorkspace(owner, 'Church Media');
    const inviteId = await invite(owner, id, invitee.email.toUpperCase(), 'viewer');
    expect(inviteId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(eventsFor('workspace.invited', (p) => p.inviteId === inviteId)[0]?.payload).toEqual({
      inviteId,
      workspaceId: id,
      email: invitee.email,
      userId: invitee.id,
      inviterId: owner.id,
      workspaceName: 'Church Media',
      role: 'viewer',
    });
    const mail = await lastMailTo(t.app, invitee.email);
    expect(mail).toContain(`/workspace/join/login?invite=${inviteId}`);
    expect(mail).toContain('Church Media');

    const [row] = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.id, inviteId));
    expect(row!.email).toBe(invitee.email);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 86_400_000);

    // The invitee's notification carries the invite id and its buttons, until the invite is used.
    const listed = async () =>
      (await api(invitee.client, 'GET', '/notifications')).json().pagination.data as {
        type: string;
        data: { inviteId?: string; buttonActions?: { action: string }[]; lines: { content: string }[] };
      }[];
    const [notification] = await listed();
    expect(notification).toMatchObject({ type: 'workspace.invitation', data: { inviteId } });
    expect(notification!.data.buttonActions?.map((b) => b.action)).toEqual([
      'workspace.join',
      'workspace.decline',
    ]);
    expect(notification!.data.lines.map((l) => l.content).join(' ')).toContain('Church Media');
    expect((await api(invitee.client, 'GET', `/workspace/join/${inviteId}`)).statusCode).toBe(200);
    expect((await listed())[0]!.data.buttonActions ?? []).toEqual([]);
  });

  it('invites an email without an account: the mail leads to registration with the email', async () => {
    const owner = await person();
    const id = await newWorkspace(owner);
    const email = `new-${unique()}@example.test`;
    const inviteId = await invite(owner, id, email);
    expect(eventsFor('workspace.invited', (p) => p.inviteId === inviteId)[0]?.payload.userId).toBeNull();
    expect(await lastMailTo(t.app, email)).toContain(
      `/workspace/join/register?invite=${inviteId}&email=${encodeURIComponent(email)}`,
    );
    const preview = await api(guest(), 'GET', `/workspace/invites/${inviteId}`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().invite).toMatchObject({ email, role: 'editor', has_account: false });
  });

  it('refuses to invite a current member (422) and lets only roles with workspace_members.invite invite', async () => {
    const owner = await person();
    const editor = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, editor, 'editor');
    const again = await api(owner.client, 'POST', `/workspaces/${id}/invites`, {
      emails: [editor.email],
      role: 'viewer',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.emails).toEqual([`${editor.email} is already a member of this workspace.`]);
    const byEditor = await api(editor.client, 'POST', `/workspaces/${id}/invites`, {
      emails: [`x-${unique()}@example.test`],
      role: 'viewer',
    });
    expect(byEditor.statusCode).toBe(403);
    const asOwner = await api(owner.client, 'POST', `/workspaces/${id}/invites`, {
      emails: [`x-${unique()}@example.test`],
      role: 'owner',
    });
    expect(asOwner.statusCode).toBe(422);
  });

  it('replaces a pending invitation to the same email: the old link dies', async () => {
    const owner = await person();
    const id = await newWorkspace(owner);
    const email = `twice-${unique()}@example.test`;
    const first = await invite(owner, id, email, 'viewer');
    const second = await invite(owner, id, email, 'admin');
    expect(second).not.toBe(first);
    expect((await api(guest(), 'GET', `/workspace/invites/${first}`)).json().message).toBe(NO_LONGER_VALID);
    expect((await api(guest(), 'GET', `/workspace/invites/${second}`)).json().invite.role).toBe('admin');
    expect(eventsFor('workspace.invite_closed', (p) => p.inviteId === first)).toHaveLength(1);
    const rows = await t.db.select().from(workspaceInvites).where(eq(workspaceInvites.workspaceId, id));
    expect(rows).toHaveLength(1);
  });

  it('resends with a new expiry and a new mail; revokes', async () => {
    const owner = await person();
    const id = await newWorkspace(owner);
    const email = `resend-${unique()}@example.test`;
    const inviteId = await invite(owner, id, email);
    await t.db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, inviteId));
    const before = (await outboxFor(t.app, email)).length;
    const res = await api(owner.client, 'POST', `/workspaces/${id}/invites/${inviteId}/resend`);
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().invite.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await outboxFor(t.app, email)).length).toBe(before + 1);

    expect((await api(owner.client, 'DELETE', `/workspaces/${id}/invites/${inviteId}`)).statusCode).toBe(200);
    expect(eventsFor('workspace.invite_closed', (p) => p.inviteId === inviteId)).toHaveLength(1);
    expect((await api(guest(), 'GET', `/workspace/invites/${inviteId}`)).statusCode).toBe(404);
    expect((await api(owner.client, 'DELETE', `/workspaces/${id}/invites/${inviteId}`)).statusCode).toBe(404);
  });

  it('answers 404 "This invite is no longer valid" for unknown, expired and malformed invites', async () => {
    const owner = await person();
    const invitee = await person();
    const id = await newWorkspace(owner);
    const inviteId = await invite(owner, id, invitee.email);
    await t.db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.id, inviteId));
    for (const ref of [inviteId, 'A'.repeat(32)]) {
      for (const [actor, method, url] of [
        [guest(), 'GET', `/workspace/invites/${ref}`],
        [invitee.client, 'GET', `/workspace/join/${ref}`],
        [invitee.client, 'DELETE', `/workspace/invite/${ref}`],
      ] as const) {
        const res = await api(actor, method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(NO_LONGER_VALID);
      }
    }
    const malformed = await api(invitee.client, 'GET', '/workspace/join/short');
    expect(malformed.statusCode).toBe(422);
  });

  it('joins once, only from the invited account (SPEC §7), and the invitation is used up', async () => {
    const owner = await person();
    const invitee = await person();
    const other = await person();
    const id = await newWorkspace(owner, 'Addis Records');
    const inviteId = await invite(owner, id, invitee.email, 'viewer');

    const wrong = await api(other.client, 'GET', `/workspace/join/${inviteId}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(
      'This invitation was sent to another email address. Sign in with that account to accept it.',
    );
    expect((await api(other.client, 'DELETE', `/workspace/invite/${inviteId}`)).statusCode).toBe(403);

    // A GET that writes: another site's link (no XSRF header) cannot make the invitee join.
    const forged = await request(t.app, invitee.client, {
      method: 'GET',
      url: `/api/v1/workspace/join/${inviteId}`,
      headers: { 'x-xsrf-token': '' },
    });
    expect(forged.statusCode).toBe(419);

    const res = await api(invitee.client, 'GET', `/workspace/join/${inviteId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().workspace).toMatchObject({
      id,
      name: 'Addis Records',
      role: 'viewer',
      members_count: 2,
    });
    expect(eventsFor('workspace.invite_closed', (p) => p.inviteId === inviteId)).toHaveLength(1);
    const again = await api(invitee.client, 'GET', `/workspace/join/${inviteId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(NO_LONGER_VALID);
  });

  it('declines: the invitation is used up and no membership is made', async () => {
    const owner = await person();
    const invitee = await person();
    const id = await newWorkspace(owner);
    const inviteId = await invite(owner, id, invitee.email);
    const res = await api(invitee.client, 'DELETE', `/workspace/invite/${inviteId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Declined workspace invitation');
    expect(eventsFor('workspace.invite_closed', (p) => p.inviteId === inviteId)).toHaveLength(1);
    expect((await api(invitee.client, 'GET', `/workspace/join/${inviteId}`)).statusCode).toBe(404);
    expect((await api(invitee.client, 'GET', `/workspaces/${id}`)).statusCode).toBe(404);
  });

  it('caps members plus pending invitations at the owner’s max_members restriction', async () => {
    const owner = await person({
      permissions: [{ name: 'workspaces.create', restrictions: [{ name: 'max_members', value: 3 }] }],
    });
    const member = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, member);
    const pendingEmail = `p-${unique()}@example.test`;
    await invite(owner, id, pendingEmail);
    const over = await api(owner.client, 'POST', `/workspaces/${id}/invites`, {
      emails: [`over-${unique()}@example.test`],
      role: 'viewer',
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.emails[0]).toMatch(/^Your plan allows 3 members in a workspace/);
    // Re-inviting the pending email replaces its invitation: still within the cap.
    expect(
      (
        await api(owner.client, 'POST', `/workspaces/${id}/invites`, {
          emails: [pendingEmail],
          role: 'viewer',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('registers through an invitation: verified at once and joined in the same step', async () => {
    const owner = await person();
    const id = await newWorkspace(owner, 'Label');
    const email = `reg-${unique()}@example.test`;
    const inviteId = await invite(owner, id, email, 'editor');
    const password = 'correct horse battery';
    const res = await new Client(t.app).post('/auth/register', {
      email,
      password,
      password_confirmation: password,
      invite_id: inviteId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('success');
    const boot = res.json().bootstrapData;
    expect(boot.user.email_verified_at).not.toBeNull();
    expect(boot.workspaces[1]).toMatchObject({ id, role: 'editor' });
    expect(eventsFor('workspace.invite_closed', (p) => p.inviteId === inviteId)).toHaveLength(1);
    expect((await api(guest(), 'GET', `/workspace/invites/${inviteId}`)).statusCode).toBe(404);

    // An invitation for another email is ignored: a plain account, unverified, in no workspace.
    const other = await invite(owner, id, `someone-${unique()}@example.test`);
    const stranger = `stranger-${unique()}@example.test`;
    const plain = await new Client(t.app).post('/auth/register', {
      email: stranger,
      password,
      password_confirmation: password,
      invite_id: other,
    });
    expect(plain.json().status).toBe('needs_email_verification');
    const [row] = await t.db.select().from(users).where(eq(users.email, stranger));
    const memberships = await t.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, row!.id));
    expect(memberships).toEqual([]);
    expect((await api(guest(), 'GET', `/workspace/invites/${other}`)).statusCode).toBe(200);
  });
});

describe('members', () => {
  it('changes roles with workspace_members.update, never the owner’s, and tells the member', async () => {
    const owner = await person();
    const admin = await person();
    const editor = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, admin, 'admin');
    await addMember(owner, id, editor, 'editor');
    const res = await api(admin.client, 'PUT', `/workspaces/${id}/members/${editor.id}`, { role: 'viewer' });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ user_id: editor.id, role: 'viewer', email: editor.email });
    expect(
      eventsFor('workspace.member_changed', (p) => p.workspaceId === id && p.userId === editor.id),
    ).toEqual([
      {
        name: 'workspace.member_changed',
        payload: expect.objectContaining({
          workspaceId: id,
          userId: editor.id,
          role: 'viewer',
          byUserId: admin.id,
        }),
      },
    ]);
    expect(
      (await api(admin.client, 'PUT', `/workspaces/${id}/members/${owner.id}`, { role: 'viewer' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api(admin.client, 'PUT', `/workspaces/${id}/members/${editor.id}`, { role: 'owner' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await api(editor.client, 'PUT', `/workspaces/${id}/members/${admin.id}`, { role: 'viewer' }))
        .statusCode,
    ).toBe(403);
  });

  it('removes a member (told), lets a member leave (not told), never the owner', async () => {
    const owner = await person();
    const admin = await person();
    const editor = await person();
    const viewer = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, admin, 'admin');
    await addMember(owner, id, editor, 'editor');
    await addMember(owner, id, viewer, 'viewer');

    expect((await api(editor.client, 'DELETE', `/workspaces/${id}/members/${viewer.id}`)).statusCode).toBe(
      403,
    );
    expect((await api(admin.client, 'DELETE', `/workspaces/${id}/members/${editor.id}`)).json().message).toBe(
      'Member removed.',
    );
    expect(
      eventsFor('workspace.member_changed', (p) => p.userId === editor.id && p.workspaceId === id)[0]?.payload
        .role,
    ).toBeNull();
    expect(
      (await api(viewer.client, 'DELETE', `/workspaces/${id}/members/${viewer.id}`)).json().message,
    ).toBe('You left the workspace.');
    expect(eventsFor('workspace.member_changed', (p) => p.userId === viewer.id)).toEqual([]);

    expect((await api(admin.client, 'DELETE', `/workspaces/${id}/members/${owner.id}`)).statusCode).toBe(403);
    const leave = await api(owner.client, 'DELETE', `/workspaces/${id}/members/${owner.id}`);
    expect(leave.statusCode).toBe(422);
    expect(leave.json().errors.user_id[0]).toContain('Transfer it to another member first');
    const members = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, id));
    expect(members.map((m) => m.userId).sort()).toEqual([owner.id, admin.id].sort());
  });

  it('transfers ownership (owner only, to a member); the old owner becomes an admin', async () => {
    const owner = await person();
    const admin = await person();
    const stranger = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, admin, 'admin');
    expect(
      (await api(admin.client, 'POST', `/workspaces/${id}/transfer`, { user_id: admin.id })).statusCode,
    ).toBe(403);
    expect(
      (await api(owner.client, 'POST', `/workspaces/${id}/transfer`, { user_id: stranger.id })).statusCode,
    ).toBe(422);
    const res = await api(owner.client, 'POST', `/workspaces/${id}/transfer`, { user_id: admin.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().workspace).toMatchObject({ owner_id: admin.id, role: 'admin' });
    const roles = await t.db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, id));
    expect(Object.fromEntries(roles.map((r) => [r.userId, r.role]))).toEqual({
      [owner.id]: 'admin',
      [admin.id]: 'owner',
    });
    // Now the old owner may leave.
    expect((await api(owner.client, 'DELETE', `/workspaces/${id}/members/${owner.id}`)).statusCode).toBe(200);
  });
});

describe('the shared backstage', () => {
  /** An owner managing artist A personally, sharing it with a workspace that has an editor and a viewer. */
  async function team() {
    const owner = await person({ roles: ['users', 'artists'] });
    const editor = await person();
    const viewer = await person();
    const id = await newWorkspace(owner);
    await addMember(owner, id, editor, 'editor');
    await addMember(owner, id, viewer, 'viewer');
    const artistId = await createArtist(t.deps, { name: `Shared ${unique()}` });
    await t.db.insert(userArtists).values({ userId: owner.id, artistId, role: 'manager' });
    const trackId = await createTrack(t.deps, { name: 'Tizita', artist_ids: [artistId] });
    const share = await api(owner.client, 'POST', `/workspaces/${id}/artists`, { artist_id: artistId });
    expect(share.statusCode, share.body).toBe(200);
    return { owner, editor, viewer, id, artistId, trackId };
  }

  it('shows the shared artist and its tracks in the workspace, not in the personal space', async () => {
    const { editor, id, artistId } = await team();
    const inWs = await api(editor.client, 'GET', `/backstage/artists?workspaceId=${id}`);
    expect(inWs.statusCode, inWs.body).toBe(200);
    expect(inWs.json().artists.map((a: { id: number }) => a.id)).toEqual([artistId]);
    const tracks = await api(editor.client, 'GET', `/backstage/artists/${artistId}/tracks?workspaceId=${id}`);
    expect(tracks.json().data.map((x: { name: string }) => x.name)).toEqual(['Tizita']);
    // Personal space: an editor who manages no artist of their own has no backstage there.
    expect((await api(editor.client, 'GET', '/backstage/artists')).statusCode).toBe(403);
    expect((await api(editor.client, 'GET', `/backstage/artists/${artistId}/tracks`)).statusCode).toBe(403);
  });

  it("gives each card the caller's own capacity: their workspace role and its name there, their artist role at home", async () => {
    const { owner, editor, viewer, id, artistId } = await team();
    const [ws] = await t.db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, id));
    const cardFor = async (who: Person, query = `?workspaceId=${id}`) => {
      const res = await api(who.client, 'GET', `/backstage/artists${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().artists.find((a: { id: number }) => a.id === artistId);
    };
    // A member has no artist role of their own: none is made up from their workspace role.
    expect(await cardFor(editor)).toMatchObject({
      role: null,
      workspace: { id, name: ws!.name, role: 'editor' },
    });
    expect(await cardFor(viewer)).toMatchObject({
      role: null,
      workspace: { id, name: ws!.name, role: 'viewer' },
    });
    // The owner also manages the artist personally: both show, each where it applies.
    expect(await cardFor(owner)).toMatchObject({ role: 'manager', workspace: { id, role: 'owner' } });
    expect(await cardFor(owner, '')).toMatchObject({ role: 'manager', workspace: null });
  });

  it('lets an editor write, a viewer only read (and see insights)', async () => {
    const { editor, viewer, id, trackId, artistId } = await team();
    const edit = await api(editor.client, 'PUT', `/backstage/tracks/${trackId}?workspaceId=${id}`, {
      name: 'Tizita (Live)',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().track.name).toBe('Tizita (Live)');
    const byViewer = await api(viewer.client, 'PUT', `/backstage/tracks/${trackId}?workspaceId=${id}`, {
      name: 'No',
    });
    expect(byViewer.statusCode).toBe(403);
    expect(
      (await api(viewer.client, 'GET', `/backstage/artists/${artistId}/tracks?workspaceId=${id}`)).statusCode,
    ).toBe(200);
    expect(
      (await api(viewer.client, 'GET', `/backstage/artists/${artistId}/insights?workspaceId=${id}`))
        .statusCode,
    ).toBe(200);
    const release = await api(viewer.client, 'POST', `/backstage/releases?workspaceId=${id}`, {
      artist_id: artistId,
      type: 'album',
    });
    expect(release.statusCode).toBe(403);
    const byEditor = await api(editor.client, 'POST', `/backstage/releases?workspaceId=${id}`, {
      artist_id: artistId,
      type: 'album',
    });
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    const listed = await api(viewer.client, 'GET', `/backstage/releases?workspaceId=${id}`);
    expect(listed.json().data.map((r: { id: number }) => r.id)).toEqual([byEditor.json().release.id]);
  });

  it('refuses a workspace the caller is not in: a non-member, a member of another, a guest, a removed member at once', async () => {
    const { owner, editor, id, artistId } = await team();
    const stranger = await person({ roles: ['users', 'artists'] });
    const otherOwner = await person();
    const other = await newWorkspace(otherOwner);
    const url = (ws: number) => `/backstage/artists/${artistId}/tracks?workspaceId=${ws}`;
    expect((await api(stranger.client, 'GET', url(id))).statusCode).toBe(403);
    expect((await api(editor.client, 'GET', url(other))).statusCode).toBe(403);
    // A visitor naming a workspace, even on a public route.
    expect((await api(guest(), 'GET', `/bootstrap-data?workspaceId=${id}`)).statusCode).toBe(403);
    // Naming a workspace never lends its artists to another one's member.
    await addMember(otherOwner, other, editor, 'admin');
    expect((await api(editor.client, 'GET', url(other))).statusCode).toBe(403);

    expect((await api(owner.client, 'DELETE', `/workspaces/${id}/members/${editor.id}`)).statusCode).toBe(
      200,
    );
    expect((await api(editor.client, 'GET', url(id))).statusCode).toBe(403);
    expect((await api(editor.client, 'GET', `/backstage/artists?workspaceId=${id}`)).statusCode).toBe(403);
  });

  it('shares only an artist the caller manages personally, with workspace_catalogue.update', async () => {
    const { owner, editor, viewer, id, artistId } = await team();
    const notTheirs = await api(editor.client, 'POST', `/workspaces/${id}/artists`, { artist_id: artistId });
    expect(notTheirs.statusCode).toBe(422);
    expect(notTheirs.json().errors.artist_id).toEqual(['You can only share an artist you manage.']);
    const own = await createArtist(t.deps, { name: `Viewer's ${unique()}` });
    await t.db.insert(userArtists).values({ userId: viewer.id, artistId: own, role: 'artist' });
    expect(
      (await api(viewer.client, 'POST', `/workspaces/${id}/artists`, { artist_id: own })).statusCode,
    ).toBe(403);

    expect((await api(owner.client, 'DELETE', `/workspaces/${id}/artists/${artistId}`)).statusCode).toBe(200);
    expect((await api(editor.client, 'GET', `/backstage/artists?workspaceId=${id}`)).json().artists).toEqual(
      [],
    );
    expect((await api(owner.client, 'DELETE', `/workspaces/${id}/artists/${artistId}`)).statusCode).toBe(404);
    const link = await t.db
      .select()
      .from(userArtists)
      .where(and(eq(userArtists.userId, owner.id), eq(userArtists.artistId, artistId)));
    expect(link).toHaveLength(1);
  });

  it('lets an editor unshare only an artist they manage; the owner and admins unshare any', async () => {
    const { owner, editor, id, artistId } = await team();
    const shared = async () =>
      (await api(owner.client, 'GET', `/backstage/artists?workspaceId=${id}`))
        .json()
        .artists.map((a: { id: number }) => a.id);
    // The owner's artist: an editor may work on it, not take it away from the team.
    const byEditor = await api(editor.client, 'DELETE', `/workspaces/${id}/artists/${artistId}`);
    expect(byEditor.statusCode, byEditor.body).toBe(403);
    expect(byEditor.json().message).toBe(
      "Only the artist's managers and the workspace's owner or admins can stop sharing this artist.",
    );
    expect(await shared()).toEqual([artistId]);
    // Their own artist, shared by them: they may stop sharing it.
    const own = await createArtist(t.deps, { name: `Editor's ${unique()}` });
    await t.db.insert(userArtists).values({ userId: editor.id, artistId: own, role: 'manager' });
    expect(
      (await api(editor.client, 'POST', `/workspaces/${id}/artists`, { artist_id: own })).statusCode,
    ).toBe(200);
    expect((await api(editor.client, 'DELETE', `/workspaces/${id}/artists/${own}`)).statusCode).toBe(200);
    expect(await shared()).toEqual([artistId]);
    // An admin manages the workspace: any shared artist.
    const admin = await person();
    await addMember(owner, id, admin, 'admin');
    expect((await api(admin.client, 'DELETE', `/workspaces/${id}/artists/${artistId}`)).statusCode).toBe(200);
    expect(await shared()).toEqual([]);
  });

  it('keeps uploads made in a workspace with it: members read them by role, others never', async () => {
    const { owner, editor, viewer, id } = await team();
    const upload = (who: Person, query: string) => {
      const body = multipartBody([
        { name: 'file', filename: 'contract.pdf', contentType: 'application/pdf', data: PDF },
      ]);
      return request(t.app, who.client, {
        method: 'POST',
        url: `/api/v1/file-entries${query}`,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const byEditor = await upload(editor, `?workspaceId=${id}`);
    expect(byEditor.statusCode, byEditor.body).toBe(200);
    const entry = byEditor.json().fileEntry;
    expect(entry.workspace_id).toBe(id);
    // A viewer's upload stays in their personal space: they may not add to the team's files.
    expect((await upload(viewer, `?workspaceId=${id}`)).json().fileEntry.workspace_id).toBe(0);
    expect((await upload(editor, '')).json().fileEntry.workspace_id).toBe(0);

    const download = (who: Person, query = '') =>
      api(who.client, 'GET', `/file-entries/${entry.id}/download${query}`);
    expect((await download(viewer, `?workspaceId=${id}`)).statusCode).toBe(200);
    expect((await download(owner, `?workspaceId=${id}`)).statusCode).toBe(200);
    expect((await download(viewer)).statusCode).toBe(404);
    expect((await download(await person())).statusCode).toBe(404);
    const trash = (who: Person) =>
      api(who.client, 'POST', `/file-entries/delete?workspaceId=${id}`, { entryIds: [entry.id] });
    expect((await trash(viewer)).json().message).toBe('Moved 0 files to the trash.');
    expect((await trash(owner)).json().message).toBe('Moved 1 file to the trash.');
  });
});
