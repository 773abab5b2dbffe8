import { expect, it } from 'vitest';
import { handedOverWithin } from './reminder-figures.ts';

it('a delivery that never hands every reminder over fails with what it did, instead of hanging', async () => {
  const never = new Promise<void>(() => {});
  await expect(handedOverWithin(never, 20, () => '3 e-mails of 5')).rejects.toThrow(
    'reminders: after 0.02 s only 3 e-mails of 5',
  );
  await expect(handedOverWithin(Promise.resolve(), 20, () => 'all')).resolves.toBeUndefined();
});
