import type { CreatedSchool } from './accounts.ts';
import { createPopulatedSchool } from './populated-school.ts';
import { signedInState } from './session-state.ts';
import { test as base } from './test.ts';

/**
 * The `test` of the specs that walk the page catalogue: one populated school per worker, and its
 * coordinator's signed-in browser state. The pages only read the school, so its tests share it.
 */
export const test = base.extend<
  object,
  { school: CreatedSchool; coordinatorState: Awaited<ReturnType<typeof signedInState>> }
>({
  school: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      await use(await createPopulatedSchool(request));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
  coordinatorState: [
    async ({ playwright, school }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL ?? '';
      const request = await playwright.request.newContext({ baseURL });
      await use(await signedInState(request, baseURL, school.coordinator.email));
      await request.dispose();
    },
    { scope: 'worker' },
  ],
});

export { expect } from './test.ts';
