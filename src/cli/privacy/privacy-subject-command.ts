import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import type { SubjectHoldings } from '../../application/privacy/find-subject-holdings';
import type { CliContext } from '../cli-context';
import { withTracedRuntime } from '../traced-action';
import { hubSubjectHoldings } from './hub-privacy-cli';
import { identifierOrFail, withIdentifierFlags, type IdentifierFlags } from './identifier-flags';

/** `privacy subject --cpf C|--phone P|--email E [--json]`: what each store holds of the subject. */
export function registerPrivacySubject(privacy: Command, program: Command, ctx: CliContext): void {
  withIdentifierFlags(privacy.command('subject').description('count what each store holds of a data subject'))
    .option('--json', 'print the answer as JSON (as GET /privacy/subjects)')
    .option('--org <orgId>', "the hub's holdings of that organization instead (CONTRACT 12.3, 12.5)")
    .action(async (flags: IdentifierFlags & { json?: boolean; org?: string }) => {
      const identifier = identifierOrFail(flags);
      const json = flags.json === true || program.opts<{ json?: boolean }>().json === true;
      const { org } = flags;
      const found = await withTracedRuntime(ctx, 'privacy subject', async (runtime) =>
        org === undefined
          ? runtime.app.privacy.useCases.findSubjectHoldings.execute(identifier)
          : E.right(await hubSubjectHoldings(runtime, org, identifier)),
      );
      const answer = E.getOrElseW(() => undefined)(found);
      if (answer === undefined) return;
      ctx.io.out(json ? JSON.stringify(answer) : humanHoldings(answer));
    });
}

function humanHoldings({ subject, holdings }: SubjectHoldings): string {
  const width = Math.max(...holdings.map((h) => h.store.length));
  return [
    `subject: cpf ${subject.cpf ?? '-'}; phones ${subject.phones.join(', ') || '-'}; ` +
      `e-mails ${subject.emails.join(', ') || '-'}`,
    ...holdings.map((h) => `${h.store.padEnd(width)}  ${h.count}`),
    `total  ${holdings.reduce((sum, h) => sum + h.count, 0)}`,
  ].join('\n');
}
