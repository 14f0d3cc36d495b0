import type { Command } from 'commander';
import * as E from 'fp-ts/Either';
import { parseChatMessage } from '../../domain/assistant/chat';
import { CliFailure, EXIT, withRuntime, type CliContext } from '../cli-context';
import { isUuid } from '../../domain/shared/parsers';

/**
 * `ask "..." --email E [--session ID]`: the question of `POST /ai/execute`, asked as that user (with
 * that user's role and sessions) through the same use case; prints the answer and its session.
 */
export function registerAsk(program: Command, ctx: CliContext): void {
  program
    .command('ask')
    .description('ask the AI assistant as a sales user (the same use case as POST /ai/execute); prints the answer')
    .argument('<message>', 'the question, 1 to 4000 characters')
    .requiredOption('--email <email>', 'the user the assistant acts as (its role decides the tools)')
    .option('--session <id>', "continue one of that user's chat sessions (default: a new one)")
    .action(async (text: string, options: { email: string; session?: string }) => {
      const json = program.opts<{ json?: boolean }>().json === true;
      const message = parseChatMessage(text);
      if (E.isLeft(message)) throw new CliFailure(message.left, EXIT.usage);
      if (options.session !== undefined && !isUuid(options.session))
        throw new CliFailure('--session must be a chat session id (a UUID)', EXIT.usage);
      await withRuntime(ctx, 'ask', async (runtime) => {
        const caller = await runtime.app.salesIdentity.useCases.findSalesIdentity.execute({ email: options.email });
        if (E.isLeft(caller)) throw new CliFailure(`No user with e-mail ${caller.left.email}`, EXIT.usage);
        const result = await runtime.app.assistant.useCases.executeAssistant.execute({
          caller: caller.right,
          message: message.right,
          ...(options.session === undefined ? {} : { sessionId: options.session }),
        });
        if (E.isLeft(result)) throw askFailure(result.left._tag, options.session);
        const { sessionId, message: answer } = result.right;
        if (json) {
          ctx.io.out(JSON.stringify({ sessionId, message: { ...answer, createdAt: answer.createdAt.toISOString() } }));
        } else {
          ctx.io.out(answer.content);
          ctx.io.out(
            `(session ${sessionId}; ${answer.metadata?.operationType ?? 'answer'}, ` +
              `${answer.metadata?.executionTimeMs ?? 0} ms)`,
          );
        }
      });
    });
}

function askFailure(tag: 'ChatSessionNotFound' | 'AiNotConfigured' | 'AiUnavailable', session?: string): CliFailure {
  switch (tag) {
    case 'ChatSessionNotFound':
      return new CliFailure(`Chat session not found: ${session ?? ''}`, EXIT.usage);
    case 'AiNotConfigured':
      return new CliFailure(
        'AI service not configured (set AI_API_URL and AI_MODEL); the question is stored in its session',
        EXIT.usage,
      );
    case 'AiUnavailable':
      return new CliFailure(
        'AI service unavailable (the model failed or did not answer within 30 s); the question is stored ' +
          'in its session',
        EXIT.unavailable,
      );
  }
}
