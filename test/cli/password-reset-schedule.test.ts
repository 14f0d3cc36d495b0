import { expect } from 'chai';
import { hubPasswordResetCompletion, ResetHubPassword } from '../../src/application/hub-identity/reset-hub-password';
import {
  ResetSalesPassword,
  salesPasswordResetCompletion,
} from '../../src/application/sales-identity/reset-sales-password';
import { PASSWORD_RESET_IN_FLIGHT_MS } from '../../src/application/shared/password-reset-completion';
import { startPasswordResetCompletion } from '../../src/cli/serve/password-reset-schedule';
import { ProcessDied } from '../support/fakes/write-faults';
import { hubIdentityFakes } from '../support/hub-identity-fakes';
import { memoryLogger } from '../support/logs';
import { salesIdentityFakes } from '../support/sales-identity-fakes';

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** serve's tick (CONTRACT 10.2): the resets a dead request left are completed without a request, sales and hub. */
describe('password-reset completion of serve', () => {
  it(
    'completes a sales and a hub reset killed after their consume, once they cannot be in flight, and stops at ' +
      'once',
    async () => {
      const sales = salesIdentityFakes();
      const salesUser = await sales.addUser({ email: 'ana@example.com', password: 'old password' });
      await sales.resetTokens.save({
        tokenHash: sales.secretHasher.hash('sales-link'),
        userId: salesUser.id,
        expiresAt: new Date(sales.clock.now().getTime() + 3_600_000),
        createdAt: sales.clock.now(),
      });
      await sales.refreshTokens.save({
        tokenHash: 'ana-laptop',
        userId: salesUser.id,
        expiresAt: new Date(sales.clock.now().getTime() + 3_600_000),
        createdAt: sales.clock.now(),
      });
      const hub = hubIdentityFakes();
      const { user: hubUser } = await hub.seedSession();
      await hub.resetTokens.create({
        tokenHash: hub.hasher.hash('hub-link'),
        userId: hubUser.id,
        expiresAt: new Date(hub.clock.now().getTime() + 3_600_000),
        usedAt: null,
      });
      // Both killed before their password write (the 2nd).
      sales.faults.dieAt(2);
      hub.faults.dieAt(2);
      const salesReset = new ResetSalesPassword(
        sales.resetTokens,
        sales.users,
        sales.sessions,
        sales.passwords,
        sales.secretHasher,
        sales.clock,
      );
      const hubReset = new ResetHubPassword(
        hub.resetTokens,
        hub.users,
        hub.ending,
        hub.passwords,
        hub.hasher,
        hub.clock,
      );
      expect(
        await salesReset.execute({ token: 'sales-link', newPassword: 'new password' }).catch((error: unknown) => error),
      ).to.be.instanceOf(ProcessDied);
      expect(
        await hubReset.execute({ token: 'hub-link', newPassword: 'new-password-1' }).catch((error: unknown) => error),
      ).to.be.instanceOf(ProcessDied);
      sales.faults.revive();
      hub.faults.revive();

      const log = memoryLogger();
      let now = sales.clock.now();
      const completions = [
        salesPasswordResetCompletion(sales.resetTokens, sales.users, sales.sessions),
        hubPasswordResetCompletion(hub.resetTokens, hub.users, hub.ending),
      ];
      const schedule = startPasswordResetCompletion(completions, log.logger, { tickMs: 10, now: () => now });
      try {
        // While the resets may be in flight, ticks leave them.
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(
          await sales.passwords.verify((await sales.users.findById(salesUser.id))?.passwordHash ?? '', 'old password'),
        ).to.equal(true);
        now = new Date(now.getTime() + PASSWORD_RESET_IN_FLIGHT_MS + 1_000);
        await until(
          async () =>
            (await sales.resetTokens.pending(now, 10)).length === 0 &&
            (await hub.resetTokens.pending(now, 10)).length === 0,
          'the completions',
        );
      } finally {
        await schedule.stop();
      }
      expect(
        await sales.passwords.verify((await sales.users.findById(salesUser.id))?.passwordHash ?? '', 'new password'),
      ).to.equal(true);
      expect(
        await sales.passwords.verify((await sales.users.findById(salesUser.id))?.passwordHash ?? '', 'old password'),
      ).to.equal(false);
      expect(await sales.refreshTokens.findActive('ana-laptop', sales.clock.now())).to.equal(undefined);
      expect(
        await hub.passwords.verify((await hub.users.findById(hubUser.id))?.passwordHash ?? '', 'new-password-1'),
      ).to.equal(true);
      expect(await hub.refreshTokens.activeOfUser(hubUser.id, hub.clock.now())).to.deep.equal([]);
      expect(log.text()).to.include('password resets left half-done');

      // Stopped: a reset left now is not completed by it.
      await sales.resetTokens.save({
        tokenHash: sales.secretHasher.hash('second-link'),
        userId: salesUser.id,
        expiresAt: new Date(now.getTime() + 3_600_000),
        createdAt: now,
      });
      sales.faults.dieAt(2);
      expect(
        await salesReset
          .execute({ token: 'second-link', newPassword: 'newer password' })
          .catch((error: unknown) => error),
      ).to.be.instanceOf(ProcessDied);
      sales.faults.revive();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await sales.resetTokens.pending(new Date(now.getTime() + 3_600_000), 10)).to.have.length(1);
    },
  );
});
