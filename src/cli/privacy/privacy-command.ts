import type { Command } from 'commander';
import type { CliContext } from '../cli-context';
import { registerPrivacyExport } from './privacy-export-command';
import { registerPrivacySubject } from './privacy-subject-command';

/**
 * CONTRACT 2, 12.5: `privacy subject|export` (and `privacy erase`, registered beside them) on the sales
 * service's holdings; the commands receive use cases, never a database.
 */
export function registerPrivacy(program: Command, ctx: CliContext): Command {
  const privacy = program.command('privacy').description("a data subject's personal data (LGPD, CONTRACT 12)");
  registerPrivacySubject(privacy, program, ctx);
  registerPrivacyExport(privacy, ctx);
  return privacy;
}
