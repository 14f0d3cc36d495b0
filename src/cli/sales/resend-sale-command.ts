import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import { CliFailure, EXIT, type CliContext } from '../cli-context';
import { withTracedRuntime } from '../traced-action';

export function registerResendSale(program: Command, ctx: CliContext): void {
  program
    .command('resend-sale')
    .description('force and perform one delivery of a sale (same as POST /api/sales/{id}/trigger-webhook)')
    .argument('<saleId>', 'the sale id')
    .action(async (saleId: string) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      await withTracedRuntime(ctx, 'resend-sale', async (runtime) => {
        const result = await runtime.app.sales.useCases.resendSale.execute(saleId);
        if (E.isLeft(result)) {
          switch (result.left._tag) {
            case 'SaleNotFound':
              throw new CliFailure(`Sale ${saleId} not found`, EXIT.usage);
            case 'WebhookNotConfigured':
              throw new CliFailure('SALES_WEBHOOK_URL is not configured: nothing was sent', EXIT.usage);
            case 'SaleBusy':
              throw new CliFailure(
                `Sale ${saleId} is being delivered by a dispatch run right now; it is forced and will be sent`,
                EXIT.usage,
              );
          }
        }
        const outcome = result.right;
        if (json) ctx.io.out(JSON.stringify(outcome));
        else if (outcome.success)
          ctx.io.out(`Sale ${saleId} delivered (destination answered ${outcome.destinationStatus})`);
        else
          ctx.io.out(
            `Sale ${saleId} NOT delivered (destination: ${outcome.destinationStatus ?? outcome.error}); it stays ` +
              'forced and the next dispatch run retries it',
          );
      });
    });
}
