import { Command, CommanderError } from 'commander';
import { CliFailure, EXIT, type CliContext } from './cli-context';
import { registerDispatch } from './sales/dispatch-command';
import { registerEnsureIndexes } from './data/ensure-indexes-command';
import { registerGatewayImport } from './imports/gateway-import-command';
import { registerSeedDemo } from './data/seed-demo-command';
import { registerResendSale } from './sales/resend-sale-command';
import { registerServe, waitForTerminationSignal } from './serve/serve-command';
import { registerHub } from './hub/hub-command';
import { registerCreateUser } from './sales/create-user-command';
import { registerCreateApiKey } from './sales/create-api-key-command';
import { registerRevokeApiKey } from './sales/revoke-api-key-command';
import { registerImportPolicies } from './imports/import-policies-command';
import { registerAsk } from './sales/ask-command';
import { registerRebuildSdrReadModels } from './data/rebuild-sdr-read-models-command';
import { registerCheckData } from './data/check-data-command';
import { registerPrivacyErase } from './privacy/erase-command';
import { registerPrivacy } from './privacy/privacy-command';

export interface ProgramOptions {
  /** How `serve` learns it must stop (process signals by default; tests pass their own). */
  readonly waitForStop?: () => Promise<string>;
}

export function buildProgram(ctx: CliContext, options: ProgramOptions = {}): Command {
  const program = new Command('brokerhub')
    .description('brokerhub back office: the sales and hub services and their admin commands')
    .option('--json', 'print the result as one JSON object')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => ctx.io.out(text.replace(/\n$/, '')),
      writeErr: (text) => ctx.io.err(text.replace(/\n$/, '')),
    })
    .showHelpAfterError();
  registerServe(program, ctx, options.waitForStop ?? waitForTerminationSignal);
  registerEnsureIndexes(program, ctx);
  registerDispatch(program, ctx);
  registerResendSale(program, ctx);
  registerHub(program, ctx);
  registerCreateUser(program, ctx);
  registerCreateApiKey(program, ctx);
  registerRevokeApiKey(program, ctx);
  registerGatewayImport(program, ctx);
  registerSeedDemo(program, ctx);
  registerRebuildSdrReadModels(program, ctx);
  registerCheckData(program, ctx);
  registerImportPolicies(program, ctx);
  registerAsk(program, ctx);
  registerPrivacy(program, ctx);
  registerPrivacyErase(program, ctx);
  return program;
}

/** Runs one command and returns its exit code (CONTRACT section 2); never calls process.exit. */
export async function runCli(argv: readonly string[], ctx: CliContext, options: ProgramOptions = {}): Promise<number> {
  const program = buildProgram(ctx, options);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof CliFailure) {
      ctx.io.err(error.message);
      return error.exitCode;
    }
    ctx.io.err(`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return EXIT.usage;
  }
}
