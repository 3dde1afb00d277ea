import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../testing/outbox.ts';
import { givePlan } from '../testing/plans.ts';
import { readPdf } from '../testing/pdf-text.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { callInWorkspace, linkInWorkspace, teamOnPro } from '../testing/workspaces.ts';
import { NOT_MEMBERS } from './report-schedule-routes.ts';

const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('scheduled reports', () => {
  let t: TestApp;
  // A Wednesday.
  let now = new Date('2026-11-04T09:00:00.000Z');
  let asha: Session;
  let ben: Session;
  let vikram: Session;
  let outsider: Session;
  let team: number;

  const reportMails = () => outbox(t.dataDir).filter((mail) => mail.subject.startsWith('Analytics report'));

  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    ({
      asha,
      outsider,
      team,
      members: { ben, vikram },
    } = await teamOnPro(t, 'reports-team', { ben: 'member', vikram: 'viewer' }));
    const link = await linkInWorkspace(t, asha, team, 'https://example.com/weekly');
    now = new Date('2026-11-05T12:00:00.000Z');
    await seedClicks(t.platform, { id: link.id, owner_id: team }, 5, [WINDOWS], { visitor_hash: 'w' });
    await projectorsCaughtUp(t.platform);
  });
  afterAll(async () => t.close());

  it('lets owners and admins schedule a report for members only', async () => {
    const recipients = [asha.user.id, ben.user.id, vikram.user.id];
    const byMember = await callInWorkspace(t, ben, 'POST', '/api/reports/schedules', team, {
      scope: 'workspace',
      frequency: 'weekly',
      recipient_ids: recipients,
    });
    expect(byMember.statusCode).toBe(403);
    const toOutsider = await callInWorkspace(t, asha, 'POST', '/api/reports/schedules', team, {
      scope: 'workspace',
      frequency: 'weekly',
      recipient_ids: [outsider.user.id],
    });
    expect(toOutsider.statusCode).toBe(400);
    expect(toOutsider.json().detail).toBe(NOT_MEMBERS);
    const created = await callInWorkspace(t, asha, 'POST', '/api/reports/schedules', team, {
      scope: 'workspace',
      frequency: 'weekly',
      recipient_ids: recipients,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ scope: 'workspace', subject_id: null, frequency: 'weekly', recipient_ids: recipients, last_sent: null });
    const listed = await callInWorkspace(t, vikram, 'GET', '/api/reports/schedules', team);
    expect(listed.json()).toHaveLength(1);
  });

  it('mails each week once, with the PDF attached, and only to those still members', async () => {
    // Nothing is due before the first whole week after the schedule was made.
    await t.platform.reportScheduler!.tick();
    expect(reportMails()).toHaveLength(0);

    now = new Date('2026-11-10T01:00:00.000Z');
    await t.platform.reportScheduler!.tick();
    await t.platform.reportScheduler!.tick();
    const first = reportMails();
    expect(first.map((mail) => mail.to).sort()).toEqual(['asha@example.com', 'ben@example.com', 'vikram@example.com']);
    const attachment = first[0]!.attachments![0]!;
    expect(attachment.contentType).toBe('application/pdf');
    const pdf = readFileSync(attachment.file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const items = (await readPdf(pdf)).allItems.filter((item) => item.trim() !== '');
    expect(items).toContain('Workspace: Team');
    expect(items).toContain('02 Nov 2026 – 08 Nov 2026 (UTC days), human clicks only');
    expect(items[items.indexOf('Clicks') + 1]).toBe('5');
    await projectorsCaughtUp(t.platform);
    const listed = await callInWorkspace(t, asha, 'GET', '/api/reports/schedules', team);
    expect(listed.json()[0].last_sent).toMatchObject({ date_from: '2026-11-02', date_to: '2026-11-08' });

    const removed = await callInWorkspace(t, asha, 'DELETE', `/api/workspaces/${team}/members/${vikram.user.id}`, team);
    expect(removed.statusCode, removed.body).toBe(200);
    // A hostile workspace name reaches the mail as text.
    const renamed = await callInWorkspace(t, asha, 'PATCH', `/api/workspaces/${team}`, team, { name: '<script>alert(1)</script>' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await projectorsCaughtUp(t.platform);
    now = new Date('2026-11-16T03:00:00.000Z');
    await t.platform.reportScheduler!.tick();
    const second = reportMails().slice(first.length);
    expect(second.map((mail) => mail.to).sort()).toEqual(['asha@example.com', 'ben@example.com']);
    expect(second[0]!.subject).toBe('Analytics report: Workspace <script>alert(1)</script>, 09 Nov 2026 – 15 Nov 2026');
    expect(second[0]!.html).toContain('Workspace &#60;script&#62;alert(1)&#60;/script&#62;,');
    expect(second[0]!.html).not.toContain('<script>');
  });

  it('sends nothing once the workspace’s plan no longer has PDF reports', async () => {
    await givePlan(t.platform, team, 'free');
    const before = reportMails().length;
    now = new Date('2026-11-23T03:00:00.000Z');
    await t.platform.reportScheduler!.tick();
    expect(reportMails()).toHaveLength(before);
  });
});
