import { MESSAGES } from '@wellbank/domain';
import {
  createSchool,
  joinSchoolAsStudent,
  openMenu,
  PASSWORD,
  uniqueEmail,
} from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test("a family member joins a student's team by the captain's e-mail", async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  const captain = await joinSchoolAsStudent(request, school.coordinator.school.id, 'Nora');
  const teamName = 'Nora R.';

  await page.goto('/sign-up');
  await page
    .getByRole('link', { name: "Family & community (join a student or staff member's team)" })
    .click();
  await expect(page).toHaveURL(/\/sign-up\/join\/teams$/);

  await page.getByLabel("Team captain's email").fill('nobody.example.com');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText(MESSAGES.invalidEmailFindTeam, { exact: true })).toBeVisible();

  await page.getByLabel("Team captain's email").fill(captain.email.toUpperCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Team found!')).toBeVisible();
  await page.getByRole('button', { name: 'Join team' }).click();

  // The captain's e-mail rides in the history entry, not the address; a reload keeps it.
  await expect(page).toHaveURL(new RegExp(`/sign-up/join/teams/${captain.team_id}$`));
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome to team ${teamName}!` })).toBeVisible();
  await page.getByLabel('First name').fill('Rosa');
  await page.getByLabel('Last name').fill('Rivera');
  await page.getByLabel('Email').fill(uniqueEmail('family'));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Verify password').fill(PASSWORD);
  await page.getByLabel(/privacy policy/).check();
  await page.getByRole('button', { name: 'Sign up' }).click();

  // A community member is asked for the team donation before anything else.
  await expect(page).toHaveURL(/\/team-donations$/);
  await openMenu(page);
  await expect(page.getByRole('dialog').getByText(`Team ${teamName}`)).toBeVisible();
  await expect(page.getByRole('dialog').getByText(school.name)).toHaveCount(0);
});

test("the join page of a team without its captain's e-mail asks for it", async ({
  page,
  request,
}) => {
  const school = await createSchool(request);
  await page.goto(`/sign-up/join/teams/${school.coordinator.team_id}`);
  await expect(page).toHaveURL(/\/sign-up\/join\/teams$/);
  await expect(page.getByLabel("Team captain's email")).toBeVisible();
});
