import type { Command } from 'commander';
import { SingleBar } from 'cli-progress';
import * as E from 'fp-ts/Either';
import { parseCpf } from '../../domain/shared/cpf';
import { normalizePhone } from '../../domain/shared/phone';
import type { SubjectIdentifier } from '../../application/shared/privacy/subject';
import { CliFailure, EXIT, type CliContext } from '../cli-context';
import { withTracedRuntime } from '../traced-action';
import { hubErase } from './hub-privacy-cli';

interface EraseOptions {
  readonly cpf?: string;
  readonly phone?: string;
  readonly email?: string;
  readonly reason?: string;
  readonly dryRun?: boolean;
  readonly org?: string;
}

/** The `privacy` command group (CONTRACT 12.5), created by whichever of its subcommands registers first. */
export function privacyGroup(program: Command): Command {
  return (
    program.commands.find((command) => command.name() === 'privacy') ??
    program.command('privacy').description("a data subject's holdings, export and erasure (CONTRACT 12)")
  );
}

/**
 * `privacy erase --cpf C|--phone P|--email E --reason R [--dry-run]` (CONTRACT 12.4, 12.5): the erasure as the
 * route asks it, then run here to its end, with a progress bar on a terminal; a pending erasure of the subject
 * (a killed run) is the one finished. `--dry-run` prints the counts and writes nothing. Never prints the identifier.
 */
export function registerPrivacyErase(program: Command, ctx: CliContext): void {
  privacyGroup(program)
    .command('erase')
    .description("erase a data subject's personal data from every sales store (CONTRACT 12.4)")
    .option('--cpf <cpf>', 'the subject by CPF')
    .option('--phone <phone>', 'the subject by phone (any spelling)')
    .option('--email <email>', 'the subject by e-mail')
    .option('--reason <reason>', 'why (1-500 characters; must not name the subject)')
    .option('--dry-run', 'print what would be erased, per store, and change nothing')
    .option('--org <orgId>', "the hub's holdings of that organization instead of the sales service's (12.5)")
    .action((options: EraseOptions) => erase(ctx, program.opts<{ json?: boolean }>().json === true, options));
}

async function erase(ctx: CliContext, json: boolean, options: EraseOptions): Promise<void> {
  const identifier = identifierOf(options);
  const reason = (options.reason ?? '').trim();
  if (options.dryRun !== true && (reason === '' || reason.length > 500))
    throw new CliFailure('privacy erase: --reason is required, 1 to 500 characters', EXIT.usage);
  const result = await withTracedRuntime(ctx, 'privacy erase', async (runtime) => {
    const { org } = options;
    if (org !== undefined)
      return hubErase(runtime, { orgId: org, identifier, reason, dryRun: options.dryRun === true });
    const privacy = runtime.app.privacyErasure.useCases;
    if (options.dryRun === true) return { dryRun: true, counts: await privacy.previewErasure.execute(identifier) };
    const asked = await privacy.requestErasure.execute({ identifier, reason });
    if (E.isLeft(asked)) throw new CliFailure('privacy erase: --reason must not name the subject', EXIT.usage);
    const bar =
      !json && ctx.io.isTerminal === true
        ? new SingleBar({ format: 'erase [{bar}] {value}/{total} | {store}', stream: process.stdout })
        : undefined;
    try {
      const done = await privacy.runErasure.execute(asked.right.id, (store, index, total) => {
        if (index === 0) bar?.start(total, 0, { store });
        bar?.update(index, { store });
      });
      return { id: asked.right.id, status: done?.status ?? 'pending', counts: done?.counts ?? {} };
    } finally {
      bar?.stop();
    }
  });
  if (json) return ctx.io.out(JSON.stringify(result));
  const counts = Object.entries(result.counts).map(([store, n]) => `${store} ${n}`);
  ctx.io.out(
    'dryRun' in result
      ? `dry run: would erase ${counts.join(', ')}; nothing was changed`
      : `erasure ${result.id} ${result.status}: ${counts.join(', ')}`,
  );
}

function identifierOf(options: EraseOptions): SubjectIdentifier {
  const given = (['cpf', 'phone', 'email'] as const).filter((kind) => options[kind] !== undefined);
  if (given.length !== 1)
    throw new CliFailure('privacy erase: give exactly one of --cpf, --phone, --email', EXIT.usage);
  if (options.cpf !== undefined) {
    const cpf = parseCpf(options.cpf);
    if (E.isLeft(cpf)) throw new CliFailure('privacy erase: --cpf must be a valid CPF', EXIT.usage);
    return { kind: 'cpf', value: cpf.right };
  }
  if (options.phone !== undefined) {
    const phone = normalizePhone(options.phone);
    if (phone === undefined) throw new CliFailure('privacy erase: --phone must be a valid Brazilian phone', EXIT.usage);
    return { kind: 'phone', value: phone };
  }
  const email = (options.email ?? '').trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new CliFailure('privacy erase: --email must be an e-mail address', EXIT.usage);
  return { kind: 'email', value: email };
}
