import { parseInteger } from '../domain/shared/parsers';
import { CliFailure, EXIT } from './cli-context';

/** A commander argument parser for a whole-number flag in `min..max`; anything else exits with the usage code. */
export function integerFlag(flag: string, min: number, max: number): (value: string) => number {
  return (value) => {
    const n = parseInteger(value, { min, max });
    if (n === undefined) {
      const range = max === Number.MAX_SAFE_INTEGER ? 'a positive integer' : `an integer from ${min} to ${max}`;
      throw new CliFailure(`${flag} must be ${range} (got "${value}")`, EXIT.usage);
    }
    return n;
  };
}
