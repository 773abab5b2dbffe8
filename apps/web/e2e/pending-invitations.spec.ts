import type { APIRequestContext, Page } from '@playwright/test';
import { ROSTER_MESSAGES } from '@wellbank/domain';
import {
  bearer,
  createSchool,
  paySubscription,
  setLanguage,
  signIn,
  uniqueEmail,
} from './support/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { invitationLinkFor } from './support/outbox.ts';
import { attachAtBothWidths } from './support/screenshots.ts';
import { expect, test } from './support/test.ts';

/** A paid school whose coordinator imported three people with e-mails (mailed invitations). */
async function schoolWithInvitations(request: APIRequestContext) {
  const school = await createSchool(request);
  await paySubscription(request, school.coordinator);
  const emails = { kai: uniqueEmail('kai'), lou: uniqueEmail('lou'), tia: uniqueEmail('tia') };
  const csv = [
    'First name,Last name,E-mail,Role,Grade,Homeroom',
    `Kai,Doe,${emails.kai},student,4,Room 7`,
    `Lou,Park,${emails.lou},student,4,Room 7`,
    `Tia,Moe,${emails.tia},staff,,Room 7`,
  ].join('\n');
  const imported = await request.post(`/api/v1/schools/${school.coordinator.school.id}/roster`, {
    headers: { ...bearer(school.coordinator), 'content-type': 'text/csv' },
    data: csv,
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  return { school, emails };
}

async function expectLinkInvalid(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByText(ROSTER_MESSAGES.invitationInvalid)).toBeVisible();
}

test('the coordinator sees pending invitations, resends one (the old link dies) and revokes one', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { school, emails } = await schoolWithInvitations(request);
  const oldKaiLink = await invitationLinkFor(emails.kai);
  const louLink = await invitationLinkFor(emails.lou);

  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  const section = page.getByRole('region', { name: 'Pending invitations' });
  const list = section.getByRole('list', { name: 'Pending invitations' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  const kai = list.getByRole('listitem').filter({ hasText: 'Kai Doe' });
  await expect(kai).toContainText(emails.kai);
  await expect(kai).toContainText(/Student · Sent .+, expires .+/);
  await expect(list.getByRole('listitem').filter({ hasText: 'Tia Moe' })).toContainText('Staff');
  // Two student invitations hold two of the 300 places paid for.
  await expect(section).toContainText(
    'Pending student invitations count toward your 300 student places: 2 of 300 are taken.',
  );
  await expectNoAxeViolations(page);
  await section.scrollIntoViewIfNeeded();
  await attachAtBothWidths(page, testInfo, 'pending-invitations');

  await section.getByRole('button', { name: 'Resend the invitation of Kai Doe' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'A new invitation was sent to Kai Doe.' }),
  ).toBeVisible();
  await expect.poll(() => invitationLinkFor(emails.kai)).not.toBe(oldKaiLink);

  await section.getByRole('button', { name: 'Revoke the invitation of Lou Park' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Revoke the invitation of Lou Park?' });
  await confirm.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(
    section.getByRole('status').filter({ hasText: 'The invitation of Lou Park was revoked.' }),
  ).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(section).toContainText('1 of 300 are taken.');
  await expectNoAxeViolations(page);

  // Signed out, the old and the revoked links say invalid; the new one opens the form.
  await page.evaluate(() => localStorage.clear());
  await expectLinkInvalid(page, oldKaiLink);
  await expectLinkInvalid(page, louLink);
  await page.goto(await invitationLinkFor(emails.kai));
  await expect(page.getByLabel('Email')).toHaveValue(emails.kai);
});

test('the section in Spanish', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { school } = await schoolWithInvitations(request);
  await setLanguage(request, school.coordinator, 'es');
  await signIn(page, school.coordinator.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/schools/users');
  const section = page.getByRole('region', { name: 'Invitaciones pendientes' });
  await expect(section.getByRole('listitem')).toHaveCount(3);
  await expect(section).toContainText('cuentan para tus 300 plazas de estudiantes');
  await expect(section.getByRole('listitem').filter({ hasText: 'Kai Doe' })).toContainText(
    /Estudiante · Enviada el .+, vence el .+/,
  );
  await expect(
    section.getByRole('button', { name: 'Reenviar la invitación de Kai Doe' }),
  ).toBeVisible();
  await section.getByRole('button', { name: 'Revocar la invitación de Lou Park' }).click();
  await expect(
    page.getByRole('alertdialog', { name: '¿Revocar la invitación de Lou Park?' }),
  ).toContainText('La invitación se elimina');
  await attachAtBothWidths(page, testInfo, 'pending-invitations-es');
});
