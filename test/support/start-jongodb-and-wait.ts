// Child process for the "no orphan" test: starts jongodb through the real strategy, prints its pid
// and then waits to be killed.
import { jongodbStrategy } from '../../src/adapters/mongo/shared/embedded-mongo';

void jongodbStrategy()
  .start('orphan_check')
  .then((handle) => {
    process.stdout.write(`PID=${handle.pid ?? ''}\n`);
    setInterval(() => undefined, 60_000);
  });
