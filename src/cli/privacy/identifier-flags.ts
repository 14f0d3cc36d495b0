import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import { parseSubjectIdentifier } from '../../application/privacy/parse-identifier';
import type { SubjectIdentifier } from '../../application/shared/privacy/subject';
import { CliFailure, EXIT } from '../cli-context';

/** The identifier flags every `privacy` subcommand takes (CONTRACT 12.5). */
export interface IdentifierFlags {
  readonly cpf?: string;
  readonly phone?: string;
  readonly email?: string;
}

export function withIdentifierFlags(command: Command): Command {
  return command
    .option('--cpf <cpf>', "the subject's CPF, any punctuation")
    .option('--phone <phone>', "the subject's phone, any spelling")
    .option('--email <email>', "the subject's e-mail");
}

/** Exactly one well-formed identifier, or exit 1 with the rule in words. */
export function identifierOrFail(flags: IdentifierFlags): SubjectIdentifier {
  const parsed = parseSubjectIdentifier({
    ...(flags.cpf === undefined ? {} : { cpf: flags.cpf }),
    ...(flags.phone === undefined ? {} : { phone: flags.phone }),
    ...(flags.email === undefined ? {} : { email: flags.email }),
  });
  if (E.isLeft(parsed))
    throw new CliFailure(
      `privacy: ${parsed.left.replace('cpf, phone and email', '--cpf, --phone and --email')}`,
      EXIT.usage,
    );
  return parsed.right;
}
